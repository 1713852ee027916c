import { useRef, useState } from "react";
import { UPLOAD_PATH } from "@domain/api-paths";
import { BASE_LOCALE, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import type { ReferralForm } from "@domain/validation/appointment-form";
import { referralFileProblem } from "@domain/validation/referral";
import { uploadFile } from "~/lib/api-client";
import { serverMessage, useIdempotencyKey } from "../use-submission";

/** The upload failed without a message of the server's own, in `locale`. */
export const uploadFailed = (locale: Locale) => m.upload_failed({}, { locale });
export const UPLOAD_FAILED = uploadFailed(BASE_LOCALE);
/** What the progress bar says while the referral form uploads. */
export const uploading = (locale: Locale) => m.upload_uploading({}, { locale });

export type { ReferralForm };

/** The upload endpoint, asked to answer in `locale` (`?language=`; English, the server's default, without it). */
const uploadUrl = (locale: Locale) =>
  locale === BASE_LOCALE ? UPLOAD_PATH : `${UPLOAD_PATH}?${new URLSearchParams({ language: locale })}`;

/**
 * The optional referral form: the file chosen, its upload (sent with the
 * booking, with progress), and the upload's failure message, in `locale`
 * (the server is asked to answer in it). A file already uploaded is not sent
 * again when the booking is retried.
 */
export function useReferralUpload(locale: Locale) {
  const [file, setFile] = useState<File | null>(null);
  const [failed, setFailed] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const key = useIdempotencyKey();
  /** The last file uploaded, so a retry after a failed booking does not upload it again. */
  const uploaded = useRef<{ file: File; form: ReferralForm } | null>(null);

  /** A new choice (or none): returns what is wrong with it, if the browser can tell. */
  function choose(chosen: File | null): string | null {
    setFile(chosen);
    setFailed("");
    setProgress(null);
    key.renew();
    return chosen && referralFileProblem(chosen, locale);
  }

  /** Uploads the chosen file (once); null when it failed, with the reason shown beside the field. */
  async function send(chosen: File): Promise<ReferralForm | null> {
    if (uploaded.current?.file === chosen) return uploaded.current.form;
    setProgress(0);
    const result = await uploadFile<{ url: string; publicId: string; fileName: string }>(uploadUrl(locale), chosen, {
      idempotencyKey: key.current,
      onProgress: setProgress,
    });
    key.settle(result.status);
    if (!result.ok || !result.data.url || !result.data.publicId) {
      setProgress(null);
      setFailed((!result.ok && serverMessage(result, undefined, locale)) || uploadFailed(locale));
      return null;
    }
    const form = { url: result.data.url, publicId: result.data.publicId, name: result.data.fileName ?? chosen.name };
    uploaded.current = { file: chosen, form };
    return form;
  }

  return {
    file,
    failed,
    progress,
    choose,
    send,
    /** What is wrong with the chosen file, if the browser can tell. */
    problem: () => file && referralFileProblem(file, locale),
    /** The server no longer holds the upload: send the file again next time. */
    forget: () => {
      uploaded.current = null;
    },
    clearFailed: () => setFailed(""),
    done: () => setProgress(null),
  };
}

export type ReferralUploadState = ReturnType<typeof useReferralUpload>;
