import { useState } from "react";
import { localToday } from "@domain/dates";
import { FileUpload } from "../file-upload";
import { SubmissionForm } from "../submission-form";
import { useBookingCalendar } from "./calendar";
import { AppointmentConfirmation, type Confirmed } from "./confirmation";
import { BookingFields } from "./fields";
import { useBookingSubmission } from "./submission";
import { useReferralUpload } from "./upload";

/** The booking form, replaced by the confirmation once a request is stored. */
export function BookingFlow({ whatsapp }: { whatsapp: string }) {
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
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
  return <BookingForm key={formKey} onBooked={setConfirmed} />;
}

function BookingForm({ onBooked }: { onBooked: (confirmed: Confirmed) => void }) {
  const { calendar, note } = useBookingCalendar();
  const upload = useReferralUpload();
  const submission = useBookingSubmission({ calendar, upload, onBooked });
  const { progress } = upload;
  const percent =
    progress === null || progress >= 1 ? undefined : `Uploading your referral form: ${Math.round(progress * 100)}%.`;

  return (
    <SubmissionForm
      submission={submission}
      website={submission.values.website}
      onWebsite={(v) => submission.update("website", v)}
      submitLabel="Request appointment"
      progressText={percent}
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
            progress={progress}
            disabled={submission.busy}
          />
        }
      />
    </SubmissionForm>
  );
}
