import { Link } from "react-router";
import { formatPhone, telHref } from "@domain/contact-links";
import type { Block, Inline, InlineContent } from "@domain/services/content";
import { usePagePath } from "~/lib/locale";
import { useClinic } from "~/lib/use-clinic";
import { ServiceNote } from "./service-note";
import { UltrasoundTimingsTable } from "./ultrasound-timings";

function LandlineLink() {
  const clinic = useClinic();
  return <a href={telHref(clinic.landline)}>{formatPhone(clinic.landline)}</a>;
}

function InlineMark({ mark }: { mark: Exclude<Inline, string> }) {
  const pagePath = usePagePath();
  if ("strong" in mark) return <strong>{mark.strong}</strong>;
  // Content names the English path; the link goes to the page in the reader's language.
  if ("link" in mark) return <Link to={pagePath(mark.link)}>{mark.text}</Link>;
  return <LandlineLink />;
}

function inline(item: Inline, key?: number): React.ReactNode {
  return typeof item === "string" ? item : <InlineMark key={key} mark={item} />;
}

/** A run of text; an array renders as adjacent nodes, as the page's JSX did. */
function text(content: InlineContent): React.ReactNode {
  return Array.isArray(content) ? content.map((item: Inline, i) => inline(item, i)) : inline(content as Inline);
}

function renderBlock(block: Block, key: number): React.ReactNode {
  switch (block.type) {
    case "h2":
      return <h2 key={key}>{block.text}</h2>;
    case "h3":
      return <h3 key={key}>{block.text}</h3>;
    case "p":
      return <p key={key}>{text(block.content)}</p>;
    case "ul":
    case "ol": {
      const List = block.type;
      return (
        <List key={key}>
          {block.items.map((item, i) => (
            <li key={i}>{text(item)}</li>
          ))}
        </List>
      );
    }
    case "note":
      return (
        <ServiceNote key={key} label={block.label}>
          {block.blocks.map(renderBlock)}
        </ServiceNote>
      );
    case "ultrasound-timings":
      return <UltrasoundTimingsTable key={key} />;
    case "closing-section":
      return (
        <section key={key} className="service-closing" aria-labelledby={block.id}>
          <h2 id={block.id}>{block.heading}</h2>
          {block.blocks.map(renderBlock)}
        </section>
      );
  }
}

/** A service page's content from the catalogue (domain/services/content.ts). */
export function ServiceBody({ blocks }: { blocks: readonly Block[] }) {
  return <>{blocks.map(renderBlock)}</>;
}
