import { channelUsed, type ContactChoice } from "@domain/contact-preference";
import { m } from "@domain/paraglide/messages.js";
import { contactPreferenceWords } from "@domain/patient-words";
import { RadioGroup } from "~/components/forms/field";
import { useLocale } from "~/lib/locale";

/**
 * The patient's choice so far (`choice`; null: none made, a mobile number
 * then gets SMS), whether their number is a mobile in a country texts go to
 * (`mobile`, `served`), and whether WhatsApp is set up (else it is not
 * offered, and a WhatsApp choice made before goes as SMS, as the page says).
 */
interface ContactSettingsProps extends ContactChoice {
  action: string;
  error?: string;
}

/**
 * The private page's choice of how the clinic sends updates besides e-mail:
 * text message, WhatsApp (while it is set up), or e-mail only (which stops
 * text messages). The channel checked is the one messages go by. A plain form
 * post: it works without JavaScript. In the page's language.
 */
export function ContactSettings({ action, error, ...contact }: ContactSettingsProps) {
  const { mobile, whatsapp, served = true } = contact;
  const current = channelUsed(contact) ?? "email";
  const locale = useLocale();
  const options = { locale };
  const words = contactPreferenceWords(locale);
  return (
    <section className="form__section" id="updates" aria-labelledby="updates-title">
      <h2 id="updates-title">{m.private_updates_title({}, options)}</h2>
      <p>{words.chosen(contact)}</p>
      {/* No choice to make for a number no text can go to: a landline, or a number abroad (decision 042). */}
      {mobile && served && (
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
