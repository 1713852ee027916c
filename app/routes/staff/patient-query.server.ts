import { z } from "zod";
import { formText } from "~/lib/form-data";
import { parsePatientQuery, QUERY_INVALID, type PatientQuery } from "~/lib/staff/privacy.server";

/** The patient-data search field: a reference, an e-mail address, a number or a full name, read as the query it names. */
export const patientQueryField = formText().transform((q, ctx) => {
  const query = parsePatientQuery(q);
  if (!query) ctx.addIssue({ code: "custom", message: QUERY_INVALID });
  return query ?? z.NEVER;
});

export const CHOOSE_FIRST = "Find the patient first, then choose them from the list.";

/**
 * The field that names the one patient an export or erasure is about: a
 * reference or an e-mail address (a name or a number may mean several
 * people, so the page asks staff to choose one first).
 */
export const exactPatientField = formText().transform((q, ctx) => {
  const query = parsePatientQuery(q);
  if (!query || (query.kind !== "reference" && query.kind !== "email")) {
    ctx.addIssue({ code: "custom", message: query ? CHOOSE_FIRST : QUERY_INVALID });
    return z.NEVER;
  }
  return query as Extract<PatientQuery, { kind: "reference" | "email" }>;
});
