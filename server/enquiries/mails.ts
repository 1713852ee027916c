import type { Config } from "../base/config";
import { escapeHtml, link, table, type MailConfig } from "../mail/compose";
import type { OutgoingMail } from "../mail/queue";

/** The message to the clinic for a new enquiry: the reference and a console link, nothing the sender typed. */

export interface EnquiryMailData {
  reference: string;
}

/** The console's list of new enquiries (enquiries have no page of their own). */
export function staffEnquiriesUrl(config: Pick<Config, "publicBaseUrl">): string {
  return `${config.publicBaseUrl}/staff/enquiries?status=new`;
}

export function clinicEnquiryMail(e: EnquiryMailData, config: MailConfig): OutgoingMail {
  const url = staffEnquiriesUrl(config);
  const intro =
    "A new enquiry was sent from the website's contact form. Sign in to the staff console to read it and reply.";
  return {
    to: config.clinic.email,
    about: e.reference,
    subject: `New enquiry ${e.reference}`,
    text: `${intro}\n\nReference: ${e.reference}\n\nOpen the enquiries: ${url}\n`,
    html: `<p>${escapeHtml(intro)}</p>${table([["Reference", e.reference]]).html}${link(url, "Open the enquiries in the staff console")}`,
  };
}
