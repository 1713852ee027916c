import { Fragment, type ReactNode } from "react";
import type { Locale } from "@domain/locale";

/** A compiled message (domain/paraglide) whose inputs are all words. */
type Message<K extends string> = (inputs: Record<K, string>, options: { locale: Locale }) => string;

/** Marks where a part goes in the message's text: characters no translation holds. */
const mark = (name: string) => `\u2063${name}\u2063`;

/**
 * A message whose placeholders hold elements (a link, bold words): the translator writes the whole
 * sentence in the language's own word order ("The {link} describes each one.", "{link} e tlhalosa…"),
 * and the page puts each part where its placeholder stands. The words of a part are messages too.
 */
export function RichMessage<K extends string>({
  message,
  parts,
  locale,
}: {
  message: Message<K>;
  parts: Record<K, ReactNode>;
  locale: Locale;
}) {
  const names = Object.keys(parts) as K[];
  if (names.length === 0) return <>{message({} as Record<K, string>, { locale })}</>;
  const text = message(Object.fromEntries(names.map((name) => [name, mark(name)])) as Record<K, string>, { locale });
  const pieces = text.split(new RegExp(`(${names.map(mark).join("|")})`));
  return (
    <>
      {pieces.map((piece, i) => {
        const name = names.find((n) => mark(n) === piece);
        return <Fragment key={i}>{name === undefined ? piece : parts[name]}</Fragment>;
      })}
    </>
  );
}
