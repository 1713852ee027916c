import { useState } from "react";
import { BOOKING_PATH } from "@domain/paths";
import type { BookingConfirmation } from "@domain/request-words";
import { BookingPolicy } from "../booking-policy";
import { ContactOptions, type ClinicContact } from "../contact-options";
import { FileUpload } from "../file-upload";
import { FormLayout, FormPage } from "../form-page";
import { SubmissionForm, submissionSummary } from "../submission-form";
import { useBookingCalendar } from "./calendar";
import { AppointmentConfirmation } from "./confirmation";
import { BookingFields } from "./fields";
import { useBookingSubmission, type BookingPosted } from "./submission";
import { UPLOADING, useReferralUpload } from "./upload";

const HEADING = "Book an appointment";

interface BookingPageProps {
  clinic: ClinicContact;
  /** The page's <title> (app/lib/meta.ts: documentTitle). */
  title: string;
  posted?: BookingPosted;
  booked?: BookingConfirmation;
  /** The service the address chose (`?service=<slug>`, as its title), for a fresh form. */
  service?: string;
}

/**
 * The booking page's content: the form, replaced by the confirmation once a
 * request is stored. Without JavaScript the form posts to the page's action,
 * which answers with `posted` (the errors, values kept) or `booked` (the
 * confirmation). Either outcome is at the top of the page.
 */
export function BookingPage({ clinic, title, posted, booked, service }: BookingPageProps) {
  const [confirmed, setConfirmed] = useState<BookingConfirmation | null>(booked ?? null);
  const [formKey, setFormKey] = useState(0);
  if (confirmed) {
    return (
      <FormPage title={title} hasErrors={false} heading={HEADING}>
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
  // A form shown again after "request another" starts empty.
  return (
    <BookingForm
      key={formKey}
      clinic={clinic}
      title={title}
      onBooked={setConfirmed}
      posted={formKey === 0 ? posted : undefined}
      service={formKey === 0 ? service : undefined}
    />
  );
}

function BookingForm({
  clinic,
  title,
  onBooked,
  posted,
  service,
}: Omit<BookingPageProps, "booked"> & { onBooked: (confirmed: BookingConfirmation) => void }) {
  const { calendar, note } = useBookingCalendar();
  const upload = useReferralUpload();
  const submission = useBookingSubmission({ calendar, calendarFromServer: !note, upload, onBooked, posted, service });
  const { progress } = upload;
  const { hasErrors, summary } = submissionSummary(submission);

  return (
    <FormPage title={title} hasErrors={hasErrors} outcome={summary} heading={HEADING}>
      <FormLayout
        lead="Request an appointment online. Choose the service and the day that suits you: the clinic will contact you to confirm the time."
        aside={
          <>
            <BookingPolicy className="policy" />
            <ContactOptions clinic={clinic} title="Prefer to book by phone?" />
          </>
        }
        formHeadingId="booking-title"
        formHeading="Request an appointment"
      >
        <SubmissionForm
          submission={submission}
          website={submission.values.website}
          onWebsite={(v) => submission.update("website", v)}
          submitLabel="Request appointment"
          progress={progress === null ? undefined : { label: UPLOADING, percent: Math.round(progress * 100) }}
          action={BOOKING_PATH}
          encType="multipart/form-data"
        >
          <BookingFields
            form={submission}
            calendar={calendar}
            calendarNote={note}
            upload={
              <FileUpload
                id="referral"
                label="Referral form"
                onFile={(file) => submission.setError("referral", upload.choose(file))}
                error={submission.errors.referral}
                uploadFailed={upload.failed}
                disabled={submission.busy}
                reattach={posted?.reattach}
              />
            }
          />
          <p className="form__privacy">
            We use these details to arrange your examination, contact you about it and bill you or your medical aid (see
            our <a href="/privacy">privacy policy</a>).
          </p>
        </SubmissionForm>
      </FormLayout>
    </FormPage>
  );
}
