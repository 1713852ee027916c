import type { DoctorAnswer } from "../../server/appointments/reports/index";
import { privatePage } from "./private-page.server";

export type { DoctorAnswer, DoctorView, PatientReport, Referral } from "../../server/appointments/reports/index";

/**
 * The referring doctor's page (app/routes/report.tsx) and its doors into the server
 * (server/appointments/reports/pages.ts, through the load context), with the private pages'
 * headers and the grant's cookie once the code was right.
 */
export const { loader: reportLoader, action: reportAction } = privatePage<DoctorAnswer>({
  open: ({ request, context }, { token, locale, counted }) =>
    context.reports.doctor.open(token, {
      cookie: request.headers.get("cookie"),
      clientIp: context.clientIp,
      locale,
      counted,
    }),
  act: ({ request, context }, token) => context.reports.doctor.act(request, token, context.clientIp),
});
