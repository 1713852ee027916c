import { ArrowUp, CalendarCheck, MessageCircle, Phone } from "lucide-react";
import type { ClinicIdentity } from "@domain/clinic";
import { telHref, whatsappHref } from "@domain/contact-links";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";
import { useBookingHref } from "./booking-href";

/**
 * On phones: Book Now, Call Us Now and Whatsapp Us, one tap away on every page
 * (Whatsapp Us only once a real number is configured, not a placeholder).
 */
export function ActionBar({ clinic }: { clinic: Pick<ClinicIdentity, "landline" | "whatsapp"> }) {
  const chat = whatsappHref(clinic);
  const locale = useLocale();
  return (
    <nav className="action-bar" aria-label={m.layout_quick_actions({}, { locale })}>
      <a href={useBookingHref()} className="action-bar__item action-bar__item--book">
        <CalendarCheck aria-hidden="true" size={22} />
        <span>{m.layout_book_now({}, { locale })}</span>
      </a>
      <a href={telHref(clinic.landline)} className="action-bar__item">
        <Phone aria-hidden="true" size={22} />
        <span>{m.layout_call_us({}, { locale })}</span>
      </a>
      {chat && (
        <a
          href={chat}
          className="action-bar__item action-bar__item--whatsapp"
          target="_blank"
          rel="noopener noreferrer"
        >
          <MessageCircle aria-hidden="true" size={22} />
          <span>{m.layout_whatsapp_us({}, { locale })}</span>
        </a>
      )}
    </nav>
  );
}

/** Wider screens: a floating WhatsApp chat button (phones use the action bar); none for a placeholder number. */
export function WhatsAppFloat({ clinic }: { clinic: Pick<ClinicIdentity, "whatsapp"> }) {
  const chat = whatsappHref(clinic);
  const locale = useLocale();
  if (!chat) return null;
  return (
    <a href={chat} className="float-button float-button--whatsapp" target="_blank" rel="noopener noreferrer">
      <MessageCircle aria-hidden="true" size={26} />
      <span className="visually-hidden">{m.layout_whatsapp_float({}, { locale })}</span>
    </a>
  );
}

/** The empty element at the very start of every page that the back-to-top link points at. */
export const TOP_ID = "top";

/**
 * Back to the top of the page: a plain link to `#top`, so it needs no script.
 * It points at an element (SiteShell renders it before the skip link) rather
 * than at the bare top of the document, so following it also moves the
 * keyboard's starting point: the next Tab reaches the skip link. Smooth only
 * when motion is not reduced (layout.css); it shows once the first screens
 * have scrolled away where the browser supports scroll-driven animations,
 * else always.
 */
export function ScrollToTop() {
  const locale = useLocale();
  return (
    <a href={`#${TOP_ID}`} className="float-button float-button--top">
      <ArrowUp aria-hidden="true" size={24} />
      <span className="visually-hidden">{m.layout_back_to_top({}, { locale })}</span>
    </a>
  );
}
