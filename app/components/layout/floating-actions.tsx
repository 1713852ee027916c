import { ArrowUp, CalendarCheck, MessageCircle, Phone } from "lucide-react";
import { useEffect, useState } from "react";

export const SCROLL_MARKER_ID = "scroll-marker";
import { Link } from "react-router";
import type { ClinicIdentity } from "@domain/clinic";
import { telHref, whatsappHref } from "@domain/contact-links";

/**
 * On phones: Book Now, Call Us Now and Whatsapp Us, one tap away on every page
 * (Whatsapp Us only once a real number is configured, not a placeholder).
 */
export function ActionBar({ clinic }: { clinic: Pick<ClinicIdentity, "landline" | "whatsapp"> }) {
  const chat = whatsappHref(clinic);
  return (
    <nav className="action-bar" aria-label="Quick actions">
      <Link to="/book-appointment" className="action-bar__item action-bar__item--book">
        <CalendarCheck aria-hidden="true" size={22} />
        <span>Book Now</span>
      </Link>
      <a href={telHref(clinic.landline)} className="action-bar__item">
        <Phone aria-hidden="true" size={22} />
        <span>Call Us Now</span>
      </a>
      {chat && (
        <a
          href={chat}
          className="action-bar__item action-bar__item--whatsapp"
          target="_blank"
          rel="noopener noreferrer"
        >
          <MessageCircle aria-hidden="true" size={22} />
          <span>Whatsapp Us</span>
        </a>
      )}
    </nav>
  );
}

/** Wider screens: a floating WhatsApp chat button (phones use the action bar); none for a placeholder number. */
export function WhatsAppFloat({ clinic }: { clinic: Pick<ClinicIdentity, "whatsapp"> }) {
  const chat = whatsappHref(clinic);
  if (!chat) return null;
  return (
    <a href={chat} className="float-button float-button--whatsapp" target="_blank" rel="noopener noreferrer">
      <MessageCircle aria-hidden="true" size={26} />
      <span className="visually-hidden">Chat with us on WhatsApp (opens in a new tab)</span>
    </a>
  );
}

/**
 * Appears once the visitor has scrolled past the first 600 px (watched with an
 * IntersectionObserver on a marker, so scrolling never forces a layout), and
 * jumps smoothly to the top unless motion is reduced.
 */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const marker = document.getElementById(SCROLL_MARKER_ID);
    if (!marker) return;
    const observer = new IntersectionObserver(([entry]) => setShown(entry ? !entry.isIntersecting : false));
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="float-button float-button--top"
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        // Keyboard and screen reader users land at the top of the page, not on a vanished button.
        document.querySelector<HTMLElement>(".skip-link")?.focus({ preventScroll: true });
      }}
    >
      <ArrowUp aria-hidden="true" size={24} />
      <span className="visually-hidden">Back to top</span>
    </button>
  );
}
