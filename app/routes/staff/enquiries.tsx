import { Link, useNavigation } from "react-router";
import { z } from "zod";
import { Pagination } from "~/components/staff/pagination";
import { telHrefForTyped, whatsappHrefForTyped } from "@domain/contact-links";
import { formatClinicDateTime } from "@domain/dates";
import { LANGUAGE_NAMES } from "@domain/locale";
import { ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES } from "@domain/statuses";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { StatusBadge } from "~/components/staff/status-badge";
import { DataTable } from "~/components/staff/data-table";
import { RowAction } from "~/components/staff/row-action";
import { AnswerSummary } from "~/components/staff/form-errors";
import { done, refused, type StaffAnswer } from "~/lib/staff/answer";
import { idParam, requireStaff } from "~/lib/staff.server";
import { listEnquiries, markEnquiryHandled, reopenEnquiry } from "~/lib/staff/enquiries.server";
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
      rows: list.rows.map((e) => ({ ...e, tel: telHrefForTyped(e.phone), whatsapp: whatsappHrefForTyped(e.phone) })),
    },
  };
}

/**
 * The two actions: mark an enquiry handled, and its undo, which makes it new
 * again (both audited; an id that is not one answers 404).
 */
const enquiryForm = z.object({ intent: z.enum(["handled", "reopen"]), id: formText() });

/** Done: the notice, and after marking one handled the enquiry to undo it on (`undo`). Refused: a sentence. */
type Answer = StaffAnswer<{ undo?: number }>;

export async function action(args: Route.ActionArgs) {
  const { staff, rt } = await requireStaff(args);
  const form = parseForm(await args.request.formData(), enquiryForm);
  if (!form.ok) return refused<Answer>(400, { error: "Unknown action." });
  const id = idParam(form.value.id);
  if (form.value.intent === "reopen") {
    return (await reopenEnquiry(rt, staff, id))
      ? done<Answer>({ notice: "Enquiry marked new again." })
      : refused<Answer>(409, { error: "That enquiry is not handled, or it no longer exists." });
  }
  return (await markEnquiryHandled(rt, staff, id))
    ? done<Answer>({ notice: "Enquiry marked handled.", undo: id })
    : refused<Answer>(409, { error: "That enquiry was already handled or no longer exists." });
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
      <AnswerSummary answer={actionData} />
      <div role="status" className="staff-live">
        {actionData?.ok ? (
          <div className="staff-alert staff-alert--success staff-alert--with-action">
            <p>{actionData.notice}</p>
            {actionData.undo !== undefined && (
              <RowAction value={actionData.undo} intent="reopen" busy={navigation.state !== "idle"}>
                Undo<span className="visually-hidden">: mark it new again</span>
              </RowAction>
            )}
          </div>
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
                  <span className="staff-sub">
                    {e.tel ? (
                      <a href={e.tel}>
                        <span className="visually-hidden">Call </span>
                        {e.phone}
                      </a>
                    ) : (
                      e.phone
                    )}
                  </span>
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
                  {e.status === "new" ? (
                    <RowAction value={e.id} intent="handled" busy={navigation.state !== "idle"}>
                      Mark handled<span className="visually-hidden"> {e.reference}</span>
                    </RowAction>
                  ) : (
                    <RowAction value={e.id} intent="reopen" busy={navigation.state !== "idle"}>
                      Mark new again<span className="visually-hidden"> {e.reference}</span>
                    </RowAction>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination list={list} label="Enquiry" href={(p) => `/staff/enquiries?status=${status}&page=${p}`} />
    </>
  );
}
