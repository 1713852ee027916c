import { useEffect, useState } from "react";
import { localToday } from "@domain/dates";
import { FileUpload } from "../file-upload";
import { SubmissionForm } from "../submission-form";
import { useBookingCalendar } from "./calendar";
import { AppointmentConfirmation, type Confirmed } from "./confirmation";
import { BookingFields, serviceFromAddress } from "./fields";
import { useBookingSubmission, type BookingPosted } from "./submission";
import { UPLOADING, useReferralUpload } from "./upload";

/**
 * The booking form, replaced by the confirmation once a request is stored.
 * Without JavaScript the form posts to the page's action, which answers with
 * `posted` (the errors, values kept) or `booked` (the confirmation).
 */
export function BookingFlow({
  whatsapp,
  posted,
  booked,
}: {
  whatsapp: string;
  posted?: BookingPosted;
  booked?: Confirmed;
}) {
  const [confirmed, setConfirmed] = useState<Confirmed | null>(booked ?? null);
  const [formKey, setFormKey] = useState(0);
  if (confirmed) {
    return (
      <AppointmentConfirmation
        {...confirmed}
        whatsapp={whatsapp}
        onBookAnother={() => {
          setConfirmed(null);
          setFormKey((k) => k + 1);
        }}
      />
    );
  }
  // A form shown again after "request another" starts empty.
  return <BookingForm key={formKey} onBooked={setConfirmed} posted={formKey === 0 ? posted : undefined} />;
}

function BookingForm({ onBooked, posted }: { onBooked: (confirmed: Confirmed) => void; posted?: BookingPosted }) {
  const { calendar, note } = useBookingCalendar();
  const upload = useReferralUpload();
  const submission = useBookingSubmission({ calendar, calendarFromServer: !note, upload, onBooked, posted });
  const { update, pageValue } = submission;
  // The service the address names (?service=slug) is chosen once the script runs, unless one was chosen already.
  useEffect(() => {
    const service = serviceFromAddress(window.location.search);
    if (service && !pageValue("service")) update("service", service);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page is hydrated
  }, []);
  const { progress } = upload;

  return (
    <SubmissionForm
      submission={submission}
      website={submission.values.website}
      onWebsite={(v) => submission.update("website", v)}
      submitLabel="Request appointment"
      progress={progress === null ? undefined : { label: UPLOADING, percent: Math.round(progress * 100) }}
      action="/book-appointment"
      encType="multipart/form-data"
    >
      <BookingFields
        form={submission}
        today={calendar?.today ?? localToday()}
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
    </SubmissionForm>
  );
}
