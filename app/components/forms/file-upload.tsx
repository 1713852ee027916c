import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { BASE_LOCALE, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { REFERRAL_ACCEPT, REFERRAL_MAX_MB } from "@domain/validation/referral";
import { useLocale } from "~/lib/locale";
import { ErrorMessage, OptionalMark } from "./field";

interface FileUploadProps {
  id: string;
  label: string;
  onFile: (file: File | null) => void;
  /** A validation error (wrong type, too big). */
  error?: string;
  /** The upload itself failed: shown as red text, announced at once. */
  uploadFailed?: string;
  disabled?: boolean;
  /** A file was posted without JavaScript but not kept: ask for it again. */
  reattach?: boolean;
}

/** A file posted without JavaScript was not kept: ask for it again. */
export const reattachFile = (locale: Locale) => m.upload_reattach({}, { locale });
export const REATTACH_FILE = reattachFile(BASE_LOCALE);

/** The file field; its upload's progress shows once, beside the submit button (./status.tsx). */
export function FileUpload({ id, label, onFile, error, uploadFailed, disabled, reattach }: FileUploadProps) {
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  // Once the script runs, the browser's own words on the control ("Choose File", "No file chosen", in the
  // browser's language) give way to the page's, beside the same input, visually hidden (decision 047).
  // Without the script the browser's control shows: only it can say which file was chosen.
  const [enhanced, setEnhanced] = useState(false);
  const [chosenName, setChosenName] = useState("");
  // A file chosen before the script took over is in the input, not yet in the form's state.
  useEffect(() => {
    const chosen = input.current?.files?.[0];
    if (chosen) onFile(chosen);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- only the browser can show the page's own control
    setEnhanced(true);
    setChosenName(chosen?.name ?? "");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page is hydrated
  }, []);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const failedId = `${id}-failed`;
  const reattachId = `${id}-reattach`;

  const chosenId = `${id}-chosen`;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setChosenName(chosen?.name ?? "");
    onFile(chosen);
  }

  return (
    <div className={error || uploadFailed ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
        <OptionalMark />
      </label>
      <div id={hintId} className="field__hint">
        {m.upload_hint({ mb: REFERRAL_MAX_MB }, { locale })}
      </div>
      {reattach && (
        <p id={reattachId} className="field__hint file-upload__reattach">
          <strong>{reattachFile(locale)}</strong>
        </p>
      )}
      {error && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
      <input
        ref={input}
        id={id}
        name={id}
        type="file"
        className={enhanced ? "file-upload__input visually-hidden" : "file-upload__input"}
        accept={REFERRAL_ACCEPT}
        onChange={onChange}
        disabled={disabled}
        aria-invalid={error || uploadFailed ? true : undefined}
        aria-describedby={[
          hintId,
          enhanced ? chosenId : null,
          reattach ? reattachId : null,
          error ? errorId : null,
          uploadFailed ? failedId : null,
        ]
          .filter(Boolean)
          .join(" ")}
      />
      {enhanced && (
        // What a pointer sees and taps; the keyboard and screen readers use the input itself, which this mirrors.
        <div className="file-upload__control" aria-hidden="true">
          <span
            className={
              disabled
                ? "button button--outline file-upload__button is-disabled"
                : "button button--outline file-upload__button"
            }
            onClick={() => input.current?.click()}
          >
            {m.upload_choose({}, { locale })}
          </span>
          <span id={chosenId} className="file-upload__chosen">
            {chosenName || m.upload_none_chosen({}, { locale })}
          </span>
        </div>
      )}
      <div role="alert">
        {uploadFailed && (
          <p id={failedId} className="field__error file-upload__failed">
            {uploadFailed}
          </p>
        )}
      </div>
    </div>
  );
}
