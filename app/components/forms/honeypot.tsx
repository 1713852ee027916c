import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

/** The honeypot's name, the same on both forms. */
export const HONEYPOT_FIELD = "website";

/**
 * A field people never see or reach but naive bots fill in; the server
 * quietly drops requests that carry a value.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const locale = useLocale();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{m.form_honeypot({}, { locale })}</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
