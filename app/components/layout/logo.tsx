import { localisedPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

/**
 * The clinic's mark (a scan wave inside a rounded square, echoing an
 * ultrasound trace) and its name as a wordmark. The name comes from
 * configuration, so the mark carries no text of its own.
 */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo__mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#0b5c63" />
      <path
        d="M8 24c3 0 3-8 6-8s3 14 6 14 3-20 6-20 3 14 6 14"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="24" r="2.6" fill="#f3b27a" />
    </svg>
  );
}

export function Logo({ name, className }: { name: string; className?: string }) {
  const locale = useLocale();
  return (
    <a href={localisedPath("/", locale)} className={`logo${className ? ` ${className}` : ""}`}>
      <LogoMark />
      <span className="logo__text">
        <span className="logo__name">{name}</span>
        <span className="logo__tagline">{m.layout_logo_tagline({}, { locale })}</span>
      </span>
      <span className="visually-hidden">{m.layout_logo_home({}, { locale })}</span>
    </a>
  );
}
