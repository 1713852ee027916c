/**
 * A staff core's refusal (server/db/outcome.ts, decision
 * 060) as a thrown error, for a test that needs the change done to go on, or
 * that says what was refused by its words: the sentence, or each field's
 * message joined, as the page's error summary reads them.
 */
export class RefusedInTest extends Error {
  override name = "RefusedInTest";
  readonly errors: Record<string, string | undefined>;
  constructor(refusal: { kind: "refused"; failure: string } | { kind: "invalid"; errors: object }) {
    const errors = refusal.kind === "invalid" ? (refusal.errors as Record<string, string | undefined>) : {};
    super(refusal.kind === "refused" ? refusal.failure : Object.values(errors).join(" "));
    this.errors = errors;
  }
}

/** The outcome when done; a refusal thrown (RefusedInTest). */
export async function orThrow<O extends { kind: string }>(
  outcome: Promise<O>,
): Promise<Exclude<O, { kind: "refused" } | { kind: "invalid" }>> {
  const o = await outcome;
  if (o.kind === "refused" || o.kind === "invalid")
    throw new RefusedInTest(o as unknown as ConstructorParameters<typeof RefusedInTest>[0]);
  return o as Exclude<O, { kind: "refused" } | { kind: "invalid" }>;
}
