import { formatPhone, telHref } from "@domain/contact-links";

/** A phone number written the clinic's way, as a `tel:` link; plain text while it is a placeholder. */
export function PhoneLink({ number }: { number: string }) {
  const href = telHref(number);
  const text = formatPhone(number);
  return href ? <a href={href}>{text}</a> : <>{text}</>;
}
