import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface ProfileCardProps {
  /** The heading: the role (names are configuration, and may be placeholders). */
  heading: string;
  /** A line under the heading, such as the person's name. */
  subtitle?: string;
  icon: LucideIcon;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}

/** A staff profile: an icon in place of a photograph (none is available), the heading, a subtitle and text. */
export function ProfileCard({ heading, subtitle, icon: Icon, headingLevel = 2, children }: ProfileCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="profile card">
      <span className="profile__avatar" aria-hidden="true">
        <Icon size={36} />
      </span>
      <div className="profile__body">
        <Heading className="profile__heading">{heading}</Heading>
        {subtitle && <p className="profile__subtitle">{subtitle}</p>}
        {children}
      </div>
    </article>
  );
}
