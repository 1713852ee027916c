import { z } from "zod";
import { formText } from "~/lib/form-data";
import { parsePatientQuery, QUERY_INVALID } from "~/lib/staff/privacy.server";

/** The patient-data search field: a reference or an e-mail address, read as the patient query it names. */
export const patientQueryField = formText().transform((q, ctx) => {
  const query = parsePatientQuery(q);
  if (!query) ctx.addIssue({ code: "custom", message: QUERY_INVALID });
  return query ?? z.NEVER;
});
