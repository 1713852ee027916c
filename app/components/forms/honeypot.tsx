import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

/**
 * A field people never see or reach but naive bots fill in; the server
 * quietly drops requests that carry a value.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const locale = useLocale();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="website">{m.form_honeypot({}, { locale })}</label>
      <input
        id="website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
