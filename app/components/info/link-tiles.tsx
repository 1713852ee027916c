import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { m } from "@domain/paraglide/messages.js";
import { useLocale, usePagePath } from "~/lib/locale";

export interface LinkTile {
  title: string;
  text: string;
  /** An outside address, or one of the site's pages by its English path (the tile links to it in the page's language). */
  href: string;
  icon: LucideIcon;
  /** Links that leave the site open normally (no client routing) and say so. */
  external?: boolean;
}

/** A grid of large link cards; the whole card is the link. */
export function LinkTiles({ tiles }: { tiles: readonly LinkTile[] }) {
  const locale = useLocale();
  const pagePath = usePagePath();
  return (
    <ul className="tiles">
      {tiles.map(({ title, text, href, icon: Icon, external }) => (
        <li key={title} className="tiles__item">
          {external ? (
            <a className="tile" href={href} target="_blank" rel="noopener noreferrer">
              <TileBody title={title} text={text} Icon={Icon} note={m.info_new_tab({}, { locale })} />
            </a>
          ) : (
            <Link className="tile" to={pagePath(href)} prefetch="intent">
              <TileBody title={title} text={text} Icon={Icon} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function TileBody({ title, text, Icon, note }: { title: string; text: string; Icon: LucideIcon; note?: string }) {
  return (
    <>
      <span className="tile__icon" aria-hidden="true">
        <Icon size={28} />
      </span>
      <span className="tile__title">
        {title}
        {note && <span className="visually-hidden"> {note}</span>}
      </span>
      <span className="tile__text">{text}</span>
    </>
  );
}
