import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * A transaction is passed one way (decision 059): a function that may run
 * inside a caller's transaction takes it as its LAST parameter, named `trx`,
 * typed `Kysely<Database>` (or left to its default, the database). The
 * database itself, where a function owns its work on it, is its FIRST
 * parameter, named `db`. This reads every file under server/ and lists each
 * parameter or call that passes a database handle another way.
 */

const SERVER = path.resolve(import.meta.dirname, "../../server");
const HANDLE_TYPES = new Set(["Db", "Kysely<Database>", "Transaction<Database>"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** Each way a handle is passed against the convention, as "file:line what". */
function transactionConventionBreaches(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const breaches: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;

  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) {
      const parameters = node.parameters;
      parameters.forEach((parameter, i) => {
        const name = parameter.name.getText(source);
        const type = parameter.type?.getText(source);
        const isHandle =
          (type !== undefined && HANDLE_TYPES.has(type)) ||
          parameter.initializer?.getText(source) === "db" ||
          name === "trx";
        if (!isHandle) return;
        if (name !== "db" && name !== "trx") {
          breaches.push(`${where(parameter)} a database handle named "${name}" (db or trx)`);
        } else if (name === "trx" && i !== parameters.length - 1) {
          breaches.push(`${where(parameter)} "trx" is parameter ${i + 1} of ${parameters.length} (it goes last)`);
        } else if (name === "db" && i !== 0) {
          breaches.push(`${where(parameter)} "db" is parameter ${i + 1} (the database goes first)`);
        }
        if (name === "trx" && type !== undefined && type !== "Kysely<Database>") {
          breaches.push(`${where(parameter)} "trx" typed ${type} (Kysely<Database>)`);
        }
        if (type === "Transaction<Database>") {
          breaches.push(`${where(parameter)} typed Transaction<Database> (a transaction is a Kysely<Database>)`);
        }
      });
    }
    if (ts.isCallExpression(node) && node.arguments.length > 1) {
      const first = node.arguments[0];
      if (first && ts.isIdentifier(first) && first.text === "trx") {
        breaches.push(`${where(node)} a call passes trx first (it goes last)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return breaches;
}

describe("one way to pass a transaction (decision 059)", () => {
  it("server/ takes a transaction last, as trx, and the database first, as db", () => {
    const breaches = sourceFiles(SERVER).flatMap((file) =>
      transactionConventionBreaches(path.relative(SERVER, file), fs.readFileSync(file, "utf8")),
    );
    expect(breaches).toEqual([]);
  });

  it("sees each way the convention is broken", () => {
    const text = [
      "async function first(trx: Kysely<Database>, id: number) {}",
      "async function named(t: Kysely<Database>) {}",
      "async function typed(id: number, trx: Transaction<Database>) {}",
      "async function late(id: number, db: Db) {}",
      "async function good(db: Db, id: number, trx: Kysely<Database> = db) { await first(trx, id); }",
      "const method = (id: number, trx = db) => id;",
    ].join("\n");
    expect(transactionConventionBreaches("x.ts", text)).toEqual([
      'x.ts:1 "trx" is parameter 1 of 2 (it goes last)',
      'x.ts:2 a database handle named "t" (db or trx)',
      'x.ts:3 "trx" typed Transaction<Database> (Kysely<Database>)',
      "x.ts:3 typed Transaction<Database> (a transaction is a Kysely<Database>)",
      'x.ts:4 "db" is parameter 2 (the database goes first)',
      "x.ts:5 a call passes trx first (it goes last)",
    ]);
  });
});
