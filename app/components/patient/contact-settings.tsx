import {
  CONTACT_PREFERENCE_HINT,
  CONTACT_PREFERENCE_OPTIONS,
  contactChoiceWords,
  textChannelFor,
  type ContactPreference,
} from "@domain/contact-preference";
import { RadioGroup } from "~/components/forms/field";

interface ContactSettingsProps {
  /** The patient's choice so far; null: none made (a mobile number then gets SMS). */
  choice: ContactPreference | null;
  mobile: boolean;
  action: string;
  error?: string;
}

/**
 * The private page's choice of how the clinic sends updates besides e-mail:
 * text message, WhatsApp, or e-mail only (which stops text messages). A plain
 * form post: it works without JavaScript.
 */
export function ContactSettings({ choice, mobile, action, error }: ContactSettingsProps) {
  const current = textChannelFor(choice, mobile) ?? "email";
  return (
    <section className="form__section" id="updates" aria-labelledby="updates-title">
      <h2 id="updates-title">How we send you updates</h2>
      <p>{contactChoiceWords(choice, mobile)}</p>
      {mobile && (
        <form method="post" action={action} className="form" noValidate>
          <input type="hidden" name="intent" value="contact" />
          <RadioGroup
            name="contactPreference"
            legend="Send updates about this appointment by"
            hint={CONTACT_PREFERENCE_HINT}
            options={CONTACT_PREFERENCE_OPTIONS}
            defaultValue={current}
            error={error}
          />
          <button type="submit" className="button button--outline">
            Save how we send updates
          </button>
        </form>
      )}
    </section>
  );
}
