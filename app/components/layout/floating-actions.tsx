import { ArrowUp, CalendarCheck, MessageCircle, Phone } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { telHref, whatsappHref } from "./clinic-links";

/** On phones: Book Now, Call Us Now and Whatsapp Us, one tap away on every page. */
export function ActionBar({ clinic }: { clinic: { landline: string; whatsapp: string } }) {
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
      <a href={whatsappHref(clinic)} className="action-bar__item action-bar__item--whatsapp" target="_blank" rel="noopener noreferrer">
        <MessageCircle aria-hidden="true" size={22} />
        <span>Whatsapp Us</span>
      </a>
    </nav>
  );
}

/** Wider screens: a floating WhatsApp chat button (phones use the action bar). */
export function WhatsAppFloat({ clinic }: { clinic: { whatsapp: string } }) {
  return (
    <a href={whatsappHref(clinic)} className="float-button float-button--whatsapp" target="_blank" rel="noopener noreferrer">
      <MessageCircle aria-hidden="true" size={26} />
      <span className="visually-hidden">Chat with us on WhatsApp (opens in a new tab)</span>
    </a>
  );
}

/** Appears after the visitor has scrolled a screen or so; jumps smoothly unless motion is reduced. */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setShown(window.scrollY > 600));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
    };
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
