import { CONTACT_FIELDS, type ContactValues } from "../../domain/validation/contact-form";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { FORM_URLENCODED } from "../requests/content-type";
import { isHoneypotFilled } from "../requests/honeypot";
import { invalidMessage } from "../requests/http";
import { KEY_REUSED } from "../requests/idempotency";
import {
  contentKey,
  pickFields,
  screenedPageForm,
  shownValues,
  unlessUnavailable,
  type PageForm,
  type PageFormAnswer,
} from "../requests/page-forms";
import { fakeReference } from "../requests/reference";
import { storeEnquiry, validateEnquiry, type EnquiryOutcome } from "./submit";

/**
 * The contact form posted as a plain HTML form (no JavaScript): the page's
 * action hands the request here, and renders the answer. The JSON API's
 * rules and core (validateEnquiry, storeEnquiry), behind the page posts'
 * shared screen (server/requests/page-forms.ts); the outcome mapped to the
 * page's answer (decision 031). The page's language (/tn/contact-us:
 * Setswana) is the visitor's: it is stored with the enquiry, and every answer
 * is in it.
 */
export function enquiryPageForm({ config, db, now }: { config: Config; db: Db; now: () => Date }): PageForm {
  const screen = { kind: "enquiry", perMinute: config.rateLimit.enquiriesPerMinute, type: FORM_URLENCODED };
  return screenedPageForm({ config, db, now }, screen, async (request, clientIp, { now, year, locale }) => {
    const form = await request.formData();
    const values: ContactValues = pickFields(CONTACT_FIELDS, (n) => {
      const v = form.get(n);
      return typeof v === "string" ? v : undefined;
    });
    if (isHoneypotFilled(values)) {
      return { status: 200, values: {}, errors: {}, reference: fakeReference("ENQ", year) };
    }
    // The page's language is the visitor's (decision 037): the enquiry carries it, and its messages are in it.
    const checked = validateEnquiry({ ...values, language: locale });
    if (!checked.ok)
      return { status: 400, values: shownValues(values), errors: checked.errors, failure: invalidMessage(locale) };
    return unlessUnavailable(
      values,
      async () => {
        const key = contentKey("enquiry", clientIp, values);
        const outcome = await storeEnquiry(db, config, checked.value, { body: values, key, now, year });
        return enquiryPageAnswer(outcome, values);
      },
      locale,
    );
  });
}

/** The page's answer to an enquiry's outcome: the reference, or (a key reused) 422 with the values kept. */
function enquiryPageAnswer(outcome: EnquiryOutcome, values: Record<string, string>): PageFormAnswer {
  if (outcome.kind === "stored") {
    return { status: 200, values: {}, errors: {}, reference: outcome.accepted.reference };
  }
  return { status: 422, values: shownValues(values), errors: {}, failure: KEY_REUSED };
}
