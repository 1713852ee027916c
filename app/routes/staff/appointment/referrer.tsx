import { Form, Link } from "react-router";
import { StaffField } from "~/components/staff/form-errors";
import { StatusBadge } from "~/components/staff/status-badge";
import { REFERRER_INPUTS, type ReferrerSent } from "./outcomes";
import type { Route } from "./+types/route";

type Loaded = Route.ComponentProps["loaderData"];

const LABELS = {
  name: "Doctor's name",
  practiceNumber: "Practice number",
  email: "E-mail address",
  phone: "Phone number",
} as const;

/**
 * The referring doctor (decision 071): as the booking gave it or staff
 * corrected it, the doctor's other referrals (the same practice number or
 * e-mail address), and the correction form, open when it was refused.
 */
export function ReferrerCard({
  referrer,
  sameDoctor,
  errors,
  sent,
  busy,
}: {
  referrer: Loaded["referrer"];
  sameDoctor: Loaded["sameDoctor"];
  /** The correction's errors by input id, when it was just refused. */
  errors: Partial<Record<string, string>>;
  /** What the refused correction sent, shown again. */
  sent: ReferrerSent | undefined;
  busy: boolean;
}) {
  const stored: Record<keyof typeof LABELS, string> = {
    name: referrer?.name ?? "",
    practiceNumber: referrer?.practice_number ?? "",
    email: referrer?.email ?? "",
    phone: referrer?.phone ?? "",
  };
  return (
    <section className="card staff-card" aria-labelledby="referrer-heading">
      <h2 id="referrer-heading" tabIndex={-1}>
        Referring doctor
      </h2>
      {referrer ? (
        <dl className="staff-dl">
          {(Object.keys(LABELS) as (keyof typeof LABELS)[]).map((part) => (
            <div className="staff-dl__row" key={part}>
              <dt>{LABELS[part]}</dt>
              <dd>
                {part === "email" && referrer.email ? (
                  <a href={`mailto:${referrer.email}`}>{referrer.email}</a>
                ) : part === "phone" && referrer.phone ? (
                  <a href={`tel:${referrer.phone}`}>{referrer.phone}</a>
                ) : (
                  stored[part] || <span className="staff-muted">Not given</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>The booking named no referring doctor.</p>
      )}
      {sameDoctor.length > 0 && (
        <>
          <h3>The same doctor's other referrals</h3>
          <p className="staff-muted">Recognised by the same practice number or e-mail address.</p>
          <ul className="staff-referrals">
            {sameDoctor.map((r) => (
              <li key={r.id}>
                <Link to={`/staff/appointments/${r.id}`} className="staff-mono">
                  {r.reference}
                </Link>{" "}
                <StatusBadge status={r.status} />
              </li>
            ))}
          </ul>
        </>
      )}
      <details className="staff-details" open={!!sent}>
        <summary>{referrer ? "Correct the doctor's details" : "Add the referring doctor"}</summary>
        <Form method="post" className="staff-form" noValidate>
          <p className="staff-muted">
            Leave every field empty to remove the doctor. With any detail, the doctor&apos;s name is needed.
          </p>
          {(Object.keys(LABELS) as (keyof typeof LABELS)[]).map((part) => {
            const input = REFERRER_INPUTS[part];
            return (
              <StaffField key={part} id={input} label={LABELS[part]} error={errors[input]}>
                {(aria) => (
                  <input
                    {...aria}
                    name={input}
                    type={part === "email" ? "email" : part === "phone" ? "tel" : "text"}
                    autoComplete="off"
                    defaultValue={sent ? (sent[input] ?? "") : stored[part]}
                  />
                )}
              </StaffField>
            );
          })}
          <button type="submit" name="intent" value="referrer" className="button button--outline" disabled={busy}>
            Save the doctor&apos;s details
          </button>
        </Form>
      </details>
    </section>
  );
}
