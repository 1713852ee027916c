import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";
import { FileUpload } from "../file-upload";
import type { BookingSubmission } from "./submission";
import type { ReferralUploadState } from "./upload";

/**
 * The optional referral form's field, the same on a request and on a time booked
 * (issue 35): a choice is checked as it is made, its problem shown at the field,
 * and the upload's failure beside it; `reattach` says a file posted without
 * JavaScript, or chosen before the language switch, was not kept.
 */
export function ReferralUpload({
  submission,
  upload,
  reattach,
}: {
  submission: BookingSubmission;
  upload: ReferralUploadState;
  reattach: boolean;
}) {
  const locale = useLocale();
  return (
    <FileUpload
      id="referral"
      label={m.booking_referral({}, { locale })}
      onFile={(file) => submission.setError("referral", upload.choose(file))}
      error={submission.errors.referral}
      uploadFailed={upload.failed}
      disabled={submission.busy}
      reattach={reattach}
    />
  );
}
