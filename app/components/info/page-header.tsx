import type { ReactNode } from "react";

interface PageHeaderProps {
  title: string;
  /** A short line above the title naming the section, e.g. "About us". */
  eyebrow?: string;
  children?: ReactNode;
}

/** The title band at the top of an information page: eyebrow, the page's one h1, and a lead paragraph. */
export function PageHeader({ title, eyebrow, children }: PageHeaderProps) {
  return (
    <header className="info-header">
      <div className="container info-header__inner">
        <div className="info-header__text">
          {eyebrow && <p className="info-header__eyebrow">{eyebrow}</p>}
          <h1 className="info-header__title">{title}</h1>
          {children && <div className="info-header__lead">{children}</div>}
        </div>
        <HeaderMotif />
      </div>
    </header>
  );
}

/** An abstract ultrasound-wave motif in the brand colours; decorative. */
function HeaderMotif() {
  return (
    <svg
      className="info-header__motif"
      width="160"
      height="120"
      viewBox="0 0 160 120"
      aria-hidden="true"
      focusable="false"
    >
      <circle className="info-header__motif-disc" cx="80" cy="60" r="56" />
      <path
        d="M24 60h18l8-22 12 44 12-56 12 62 10-40 8 12h32"
        className="info-header__motif-wave"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M40 100a48 48 0 0 1 80 0"
        className="info-header__motif-arc"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path
        d="M52 108a32 32 0 0 1 56 0"
        className="info-header__motif-arc"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
