import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Pagination } from "~/components/staff/pagination";
import { whatsappHrefForTyped } from "@domain/contact-links";
import { formatClinicDateTime } from "@domain/dates";
import { LANGUAGE_NAMES } from "@domain/locale";
import { ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES } from "@domain/statuses";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { StatusBadge } from "~/components/staff/status-badge";
import { DataTable } from "~/components/staff/data-table";
import { StaffErrorSummary } from "~/components/staff/form-errors";
import { idParam, requireStaff } from "~/lib/staff.server";
import { listEnquiries, markEnquiryHandled } from "~/lib/staff/enquiries.server";
import type { Route } from "./+types/enquiries";

export const meta = () => staffMeta("Enquiries");

const FILTERS = [
  ...ENQUIRY_STATUSES.map((value) => ({ value, label: ENQUIRY_STATUS_LABELS[value] })),
  { value: "all", label: "All" },
] as const;

export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const raw = params.get("status");
  const status = raw === "handled" || raw === "all" ? raw : "new";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = await listEnquiries(rt.db, { status: status === "all" ? undefined : status, page });
  return {
    status,
    list: {
      ...list,
      rows: list.rows.map((e) => ({ ...e, whatsapp: whatsappHrefForTyped(e.phone) })),
    },
  };
}

/** The one action: mark an enquiry handled (an id that is not one answers 404). */
const handledForm = z.object({ intent: z.literal("handled"), id: formText() });

export async function action(args: Route.ActionArgs) {
  const { staff, rt } = await requireStaff(args);
  const form = parseForm(await args.request.formData(), handledForm);
  if (!form.ok) return data({ error: "Unknown action." }, { status: 400 });
  const id = idParam(form.value.id);
  const changed = await markEnquiryHandled(rt, staff, id);
  return changed
    ? { message: "Enquiry marked handled." }
    : data({ error: "That enquiry was already handled or no longer exists." }, { status: 409 });
}

export default function StaffEnquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { status, list } = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <div className="staff-page-head">
        <h1>Enquiries</h1>
        <p className="staff-muted">Messages from the contact form, newest first.</p>
      </div>
      <nav aria-label="Enquiry status" className="staff-tabs">
        <ul>
          {FILTERS.map((f) => (
            <li key={f.value}>
              <Link
                to={`/staff/enquiries?status=${f.value}`}
                aria-current={status === f.value ? "page" : undefined}
                className="staff-tabs__link"
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {actionData && "error" in actionData ? <StaffErrorSummary description={actionData.error} /> : null}
      <div role="status" className="staff-live">
        {actionData && "message" in actionData ? (
          <p className="staff-alert staff-alert--success">{actionData.message}</p>
        ) : null}
      </div>
      {list.rows.length === 0 ? (
        <p>{status === "new" ? "No new enquiries. Well done." : "No enquiries to show."}</p>
      ) : (
        <DataTable
          region="Enquiries table"
          scroll
          caption="Enquiries, newest first"
          className="staff-table--enquiries"
          columns={["Received", "From", "Message", "Status", "Reply and actions"]}
        >
          <tbody>
            {list.rows.map((e) => (
              <tr key={e.id}>
                <td className="staff-nowrap">
                  {formatClinicDateTime(e.created_at)}
                  <span className="staff-sub staff-mono">{e.reference}</span>
                </td>
                <td>
                  <strong>{e.name}</strong>
                  <span className="staff-sub">{e.phone}</span>
                  <span className="staff-sub staff-break">{e.email}</span>
                  <span className="staff-sub">Language: {LANGUAGE_NAMES[e.language]}</span>
                </td>
                <td className="staff-pre staff-message">{e.description}</td>
                <td>
                  <StatusBadge status={e.status} />
                </td>
                <td>
                  <ul className="staff-link-list">
                    <li>
                      <a href={`mailto:${e.email}?subject=${encodeURIComponent(`Your enquiry ${e.reference}`)}`}>
                        Reply by e-mail<span className="visually-hidden"> to {e.name}</span>
                      </a>
                    </li>
                    {e.whatsapp && (
                      <li>
                        <a href={e.whatsapp} target="_blank" rel="noopener noreferrer">
                          WhatsApp<span className="visually-hidden"> {e.name}</span> (opens in a new tab)
                        </a>
                      </li>
                    )}
                  </ul>
                  {e.status === "new" && (
                    <Form method="post" noValidate>
                      <input type="hidden" name="id" value={e.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="handled"
                        className="button button--outline staff-button--small"
                        disabled={navigation.state !== "idle"}
                      >
                        Mark handled<span className="visually-hidden"> {e.reference}</span>
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {list.pages > 1 && (
        <Pagination
          page={list.page}
          pages={list.pages}
          total={list.total}
          label="Enquiry"
          href={(p) => `/staff/enquiries?status=${status}&page=${p}`}
        />
      )}
    </>
  );
}
