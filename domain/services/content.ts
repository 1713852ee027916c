/**
 * The content of a service page, as data: headings, paragraphs, lists and
 * notes, rendered by app/components/service/service-body.tsx. Text is plain;
 * the few inline marks a page needs (bold text, a link to another page of the
 * site, the clinic's telephone number) are objects, so nothing is parsed.
 *
 * An inline run written as an array renders as adjacent text nodes, exactly as
 * the hand-written pages did: keep a lone " " as its own item where a page
 * puts a space before a link or after bold text.
 */

export type Inline =
  | string
  | { strong: string }
  | { link: string; text: string }
  /** The clinic's landline as a tel: link, from the site configuration. */
  | { phone: "landline" };

/** One run of text: a string, one mark, or several of them in a row. */
export type InlineContent = Inline | readonly Inline[];

export type Block =
  | { type: "h2"; text: string }
  | { type: "h3"; text: string }
  | { type: "p"; content: InlineContent }
  | { type: "ul" | "ol"; items: readonly InlineContent[] }
  /** A highlighted safety or preparation note; `label` names it for screen readers. */
  | { type: "note"; label: string; blocks: readonly Block[] }
  /** The table of estimated ultrasound durations (ULTRASOUND_TIMINGS). */
  | { type: "ultrasound-timings" }
  /** A closing section of the page's own, in place of the shared one. */
  | { type: "closing-section"; id: string; heading: string; blocks: readonly Block[] };

interface PageMetaText {
  /** The meta description (the title is the service's). */
  description: string;
  keywords: readonly string[];
}

export type ServicePageContent =
  | (PageMetaText & {
      layout: "article";
      body: readonly Block[];
      /** End with the shared closing section (results, payment, appointment). */
      closing: boolean;
    })
  /**
   * A service the clinic has not described yet: its page says so and points to the
   * services and the phone; it is left out of the sitemap and of every list
   * (docs/decisions/028-unfinished-content.md).
   */
  | (PageMetaText & { layout: "unfinished" });

// Builders, so a page reads like the page.

export const h2 = (text: string): Block => ({ type: "h2", text });
export const h3 = (text: string): Block => ({ type: "h3", text });
export const p = (...content: Inline[]): Block => ({
  type: "p",
  content: content.length === 1 ? content[0]! : content,
});
export const ul = (...items: InlineContent[]): Block => ({ type: "ul", items });
export const ol = (...items: InlineContent[]): Block => ({ type: "ol", items });
export const note = (label: string, ...blocks: Block[]): Block => ({ type: "note", label, blocks });
export const strong = (text: string): Inline => ({ strong: text });
export const link = (to: string, text: string): Inline => ({ link: to, text });
export const LANDLINE: Inline = { phone: "landline" };
