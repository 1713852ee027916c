import { useEffect, useState } from "react";
import { m } from "@domain/paraglide/messages.js";
import { BOOKING_PATH } from "@domain/paths";
import type { BookingConfirmation } from "@domain/request-words";
import { SUBMISSION_KEY_FIELD } from "@domain/validation/appointment-form";
import { useLocale, usePagePath } from "~/lib/locale";
import { BookingFormFooter, BookingPolicyLine } from "../booking-policy";
import { ContactOptions, type ClinicContact } from "../contact-options";
import { reattachFile } from "../file-upload";
import { FormLayout, FormPage } from "../form-page";
import { SubmissionForm, submissionSummary } from "../submission-form";
import { useBookingCalendar } from "./calendar";
import { BookedConfirmation } from "./booked";
import { AppointmentConfirmation } from "./confirmation";
import { BookingFields } from "./fields";
import { useBookingSubmission, type BookingPosted } from "./submission";
import { WayChoice } from "./way-choice";
import { ReferralUpload } from "./referral-upload";
import { uploading, useReferralUpload } from "./upload";
import { inPageOrder } from "./values";
import type { BookingValues } from "@domain/validation/appointment-form";

import { BookTimeForm, type BookTimeProps } from "./book-time-form";

interface BookingPageProps {
  clinic: ClinicContact;
  /** The page's <title> (app/lib/meta.ts: documentTitle). */
  title: string;
  posted?: BookingPosted;
  booked?: BookingConfirmation;
  /** The service the address chose (`?service=<slug>`, as its title), for a fresh form. */
  service?: string;
  /** A time to book (decision 064), when the address chose a self-bookable service. */
  bookTime?: BookTimeProps;
  /** The services a patient may book a time for, with their titles in the page's language: the first question. */
  selfBookable?: readonly { slug: string; title: string }[];
}

/**
 * The booking page's content: the form, replaced by the confirmation once a
 * request is stored. Without JavaScript the form posts to the page's action,
 * which answers with `posted` (the errors, values kept) or `booked` (the
 * confirmation). Either outcome is at the top of the page. Everything is in
 * the page's language (useLocale: /tn/book-appointment is Setswana).
 */
export function BookingPage({ clinic, title, posted, booked, service, bookTime, selfBookable }: BookingPageProps) {
  const heading = m.booking_heading({}, { locale: useLocale() });
  const [confirmed, setConfirmed] = useState<BookingConfirmation | null>(booked ?? null);
  const [formKey, setFormKey] = useState(0);
  // "Send it as a request" after a screening answer: the request form, with what was typed (decision 064).
  const [asRequest, setAsRequest] = useState<Partial<BookingValues> | null>(null);
  if (confirmed?.time) {
    return (
      <FormPage title={title} hasErrors={false} heading={heading}>
        <div className="form-page__confirmed">
          <BookedConfirmation {...confirmed} time={confirmed.time} whatsapp={clinic.whatsapp} />
        </div>
      </FormPage>
    );
  }
  if (confirmed) {
    return (
      <FormPage title={title} hasErrors={false} heading={heading}>
        <div className="form-page__confirmed">
          <AppointmentConfirmation
            {...confirmed}
            whatsapp={clinic.whatsapp}
            onBookAnother={() => {
              setConfirmed(null);
              setFormKey((k) => k + 1);
            }}
          />
        </div>
      </FormPage>
    );
  }
  if (bookTime && !asRequest && formKey === 0) {
    return (
      <BookTimeForm
        clinic={clinic}
        title={title}
        bookTime={bookTime}
        onBooked={setConfirmed}
        posted={posted}
        onRequest={(values) => setAsRequest(values)}
      />
    );
  }
  // A form shown again after "request another" starts empty.
  return (
    <BookingForm
      key={formKey}
      clinic={clinic}
      title={title}
      onBooked={setConfirmed}
      posted={asRequest ? { values: asRequest } : formKey === 0 ? posted : undefined}
      service={formKey === 0 ? service : undefined}
      selfBookable={formKey === 0 && !service && !bookTime ? selfBookable : undefined}
    />
  );
}

function BookingForm({
  clinic,
  title,
  onBooked,
  posted,
  service,
  selfBookable,
}: Omit<BookingPageProps, "booked" | "bookTime"> & { onBooked: (confirmed: BookingConfirmation) => void }) {
  const locale = useLocale();
  const t = { locale };
  const pagePath = usePagePath();
  const { calendar, note, offered } = useBookingCalendar(locale);
  const upload = useReferralUpload(locale);
  const submission = useBookingSubmission({ calendar, calendarFromServer: !note, upload, onBooked, posted, service });
  // WhatsApp in the values (carried over from the other language's page) where the server said it is not
  // set up: the choice becomes what will be used, SMS. Only once the server has answered.
  const { update } = submission;
  const whatsappChosen = submission.values.contactPreference === "whatsapp";
  const answered = calendar !== null;
  useEffect(() => {
    if (answered && whatsappChosen && !offered.whatsapp) update("contactPreference", "sms");
  }, [answered, whatsappChosen, offered.whatsapp, update]);
  const { progress } = upload;
  // A file posted without JavaScript is never kept when the post is refused: the summary says so too,
  // beside the errors, until another file is chosen.
  const reattach = !!posted?.reattach && !upload.file && !submission.errors.referral;
  // A file chosen before the language switch: said beside the field only (nothing went wrong).
  const fileLeft = submission.fileLeft && !upload.file;
  const { hasErrors, summary } = submissionSummary(
    submission,
    reattach
      ? inPageOrder([...submission.summary, { target: "referral", message: reattachFile(locale) }])
      : submission.summary,
  );

  return (
    <FormPage title={title} hasErrors={hasErrors} outcome={summary} heading={m.booking_heading({}, t)}>
      {selfBookable && selfBookable.length > 0 && <WayChoice services={selfBookable} requestFormId="booking-title" />}
      <FormLayout
        lead={m.booking_lead({}, t)}
        note={<BookingPolicyLine />}
        aside={<ContactOptions clinic={clinic} title={m.booking_phone_title({}, t)} />}
        // The form first, its first field on a phone's first screen; the policy beside the button (decision 047).
        formFirst
        formHeadingId="booking-title"
        formHeading={m.booking_form_heading({}, t)}
      >
        <SubmissionForm
          submission={submission}
          website={submission.values.website}
          onWebsite={(v) => submission.update("website", v)}
          submitLabel={m.booking_submit({}, t)}
          progress={progress === null ? undefined : { label: uploading(locale), percent: Math.round(progress * 100) }}
          action={pagePath(BOOKING_PATH)}
          encType="multipart/form-data"
        >
          {posted?.key ? <input type="hidden" name={SUBMISSION_KEY_FIELD} value={posted.key} /> : null}
          <BookingFields
            form={submission}
            calendar={calendar}
            calendarNote={note}
            offered={offered}
            upload={<ReferralUpload submission={submission} upload={upload} reattach={reattach || fileLeft} />}
          />
          <BookingFormFooter />
        </SubmissionForm>
      </FormLayout>
    </FormPage>
  );
}
