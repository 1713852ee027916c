import { redirect } from "react-router";
import { z } from "zod";
import { parseForm } from "~/lib/form-data";
import { requireStaff } from "~/lib/staff.server";
import { exportPatient, findPatient } from "~/lib/staff/privacy.server";
import { exactPatientField } from "./patient-query.server";
import type { Route } from "./+types/patient-data-export";

const exportForm = z.object({ q: exactPatientField });

/**
 * POST /staff/patient-data/export: everything held about one patient as one
 * zip (a POST, so the reference or e-mail never sits in a URL or a log line).
 */
export async function action(args: Route.ActionArgs) {
  const { staff, rt } = await requireStaff(args, { role: "manager" });
  const form = parseForm(await args.request.formData(), exportForm);
  if (!form.ok)
    return new Response(form.errors.q?.[0] ?? "", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const match = await findPatient(rt.db, form.value.q);
  if (!match)
    return new Response("No appointment or enquiry matches.", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const { zip, filename } = await exportPatient(rt, staff, match);
  return new Response(zip, {
    headers: {
      "content-type": "application/zip",
      "content-length": String(zip.byteLength),
      "content-disposition": `attachment; filename="${filename}"`,
    },
  });
}

/** Nothing to show at this address: back to the page. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { role: "manager" });
  throw redirect("/staff/patient-data");
}
