import { channelUsed, type ContactPreference } from "@domain/contact-preference";
import { m } from "@domain/paraglide/messages.js";
import { contactPreferenceWords } from "@domain/patient-words";
import { RadioGroup } from "~/components/forms/field";
import { useLocale } from "~/lib/locale";

interface ContactSettingsProps {
  /** The patient's choice so far; null: none made (a mobile number then gets SMS). */
  choice: ContactPreference | null;
  mobile: boolean;
  /** Whether WhatsApp is set up; else it is not offered, and a WhatsApp choice made before goes as SMS, as the page says. */
  whatsapp: boolean;
  action: string;
  error?: string;
}

/**
 * The private page's choice of how the clinic sends updates besides e-mail:
 * text message, WhatsApp (while it is set up), or e-mail only (which stops
 * text messages). The channel checked is the one messages go by. A plain form
 * post: it works without JavaScript. In the page's language.
 */
export function ContactSettings({ choice, mobile, whatsapp, action, error }: ContactSettingsProps) {
  const current = channelUsed({ choice, mobile, whatsapp }) ?? "email";
  const locale = useLocale();
  const options = { locale };
  const words = contactPreferenceWords(locale);
  return (
    <section className="form__section" id="updates" aria-labelledby="updates-title">
      <h2 id="updates-title">{m.private_updates_title({}, options)}</h2>
      <p>{words.chosen({ choice, mobile, whatsapp })}</p>
      {mobile && (
        <form method="post" action={action} className="form" noValidate>
          <input type="hidden" name="intent" value="contact" />
          <RadioGroup
            name="contactPreference"
            legend={m.private_updates_legend({}, options)}
            hint={words.hint({ whatsapp })}
            options={words.options({ whatsapp })}
            defaultValue={current}
            error={error}
          />
          <button type="submit" className="button button--outline">
            {m.private_updates_submit({}, options)}
          </button>
        </form>
      )}
    </section>
  );
}
