import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import fontUrl from "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url";
import extraLettersFontUrl from "./styles/fonts/source-sans-3-extra-letters.woff2?url";
import type { Route } from "./+types/root";
import { clinicYear } from "@domain/dates";
import { BASE_LOCALE, LANGUAGE_TAGS, localeOfPath } from "@domain/locale";
import { getClinic } from "~/lib/clinic.server";
import type { RootData } from "~/lib/use-clinic";
import { islandLoader, markHydrated, pageIsland, wantsScripts } from "~/lib/hydrate";
import { LocaleProvider } from "~/lib/locale";
import { useNonce } from "~/lib/nonce";
import {
  canReloadOnce,
  currentUrl,
  isChunkLoadError,
  isReloadPending,
  recoverFromChunkError,
  sessionStore,
  toChunkLoadError,
} from "~/components/layout/chunk-error";
import { ChunkErrorRecovery } from "~/components/layout/chunk-error-recovery";
import { SiteShell } from "~/components/layout/site-shell";
import { useEffect, useRef } from "react";
import "./styles/app.css";
import "./styles/layout.css";

export async function loader(): Promise<RootData> {
  // renderedYear: the clinic's year when this HTML was rendered (prerendered pages:
  // the build year, which the server stamps with the current one; see site-footer.tsx).
  return { clinic: getClinic(), renderedYear: clinicYear() };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Content pages are plain HTML and CSS. The staff console gets React Router's
  // scripts, module preloads and data; a form page, its island's one script
  // (app/lib/hydrate.ts), except in development, where the router hydrates it.
  const matches = useMatches();
  const locale = localeOfPath(useLocation().pathname);
  const island = pageIsland(matches);
  const scripts = wantsScripts(matches) || (island !== undefined && import.meta.env.DEV);
  // Effects run children first, so this marks the whole page hydrated (tests and tools read it).
  useEffect(markHydrated, []);
  return (
    <html lang={LANGUAGE_TAGS[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5c63" />
        <Meta />
        <Links />
        {locale !== BASE_LOCALE && (
          // The letters the latin file lacks (Setswana's "š", even in the header's hidden words): with
          // font-display optional, a file found only once the page is laid out comes too late on a first
          // visit, and the letter shows in a fallback font. Preloaded, it is in time (decision 078).
          <link rel="preload" href={extraLettersFontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
        )}
      </head>
      <body>
        <LocaleProvider value={locale}>{children}</LocaleProvider>
        {scripts && (
          <>
            <ChunkErrorRecovery />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
        {island && !scripts && (
          // Loads the island's script once the form is parsed, and reports if it cannot (app/lib/hydrate.ts).
          <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: islandLoader(island) }} />
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The staff console brings its own header and skip link; the public shell
  // (marketing header, footer, patient shortcuts) would only get in the way.
  const staff = useLocation().pathname.startsWith("/staff");
  if (staff) return <Outlet />;
  return (
    <SiteShell clinic={loaderData.clinic} renderedYear={loaderData.renderedYear}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  const chunkError = isChunkLoadError(error) ? toChunkLoadError(error) : null;
  // A failed chunk reloads the page once per URL; only a repeat failure is shown.
  const willReload =
    chunkError !== null &&
    typeof window !== "undefined" &&
    (isReloadPending() || canReloadOnce(sessionStore(), currentUrl()));

  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (willReload) {
      recoverFromChunkError();
    } else if (typeof window !== "undefined") {
      // The error replaced the page the visitor was scrolled into: start at its heading.
      window.scrollTo({ top: 0, behavior: "instant" });
      headingRef.current?.focus();
    }
  }, [willReload]);

  let details: string;
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    details = `${error.status} ${error.statusText}`;
  } else if (chunkError) {
    details = chunkError.message;
    if (import.meta.env.DEV) stack = chunkError.stack;
  } else if (error instanceof Error) {
    details = error.message;
    if (import.meta.env.DEV) stack = error.stack;
  } else {
    details = "Unknown error";
  }

  const content = willReload ? (
    <main id="main" className="error-screen container">
      <h1>Updating the page…</h1>
      <p>A newer version of this site is available. The page is reloading.</p>
    </main>
  ) : (
    <main id="main" className="error-screen container">
      <h1 ref={headingRef} tabIndex={-1}>
        Unexpected Application Error!
      </h1>
      <p className="error-screen__details">{details}</p>
      {stack && <pre className="error-screen__stack">{stack}</pre>}
      <p>
        <a href="/" className="button button--primary">
          Go to the home page
        </a>
      </p>
    </main>
  );

  return data ? (
    <SiteShell clinic={data.clinic} renderedYear={data.renderedYear}>
      {content}
    </SiteShell>
  ) : (
    content
  );
}
