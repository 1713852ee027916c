import { createContext, useContext } from "react";
import { BASE_LOCALE, localisedPath, type Locale } from "@domain/locale";

/**
 * The language a public page is rendered in. The root layout provides it from the page's path
 * (app/root.tsx), and a form island from its page's address when it hydrates (app/islands/mount.tsx),
 * so a component reads it the same way on the server, in the prerender and in the browser.
 */
const LocaleContext = createContext<Locale>(BASE_LOCALE);

export const LocaleProvider = LocaleContext.Provider;

/** The language of the page being rendered. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The options every compiled message takes, for the page's language: `m.key(inputs, useMessageOptions())`. */
export function useMessageOptions(): { locale: Locale } {
  return { locale: useLocale() };
}

/** A link to one of the site's pages, in the language of the page being rendered ("/about" → "/tn/about"). */
export function usePagePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localisedPath(path, locale);
}
