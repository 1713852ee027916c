import { CLIENT_ERRORS_PATH, ISLANDS, islandScript, type IslandName } from "@domain/islands";

export { ISLANDS, islandScript, type IslandName };

/**
 * Which pages load JavaScript, and how much.
 *
 * - Content pages are complete as HTML and CSS and ship no script at all.
 * - The staff console hydrates whole with React Router: its layout and pages
 *   say `export const handle = HYDRATE;` and the root layout renders the
 *   router's scripts.
 * - The two public forms are islands: `export const handle = island("booking");`.
 *   The page renders its form inside <Island> (app/components/island.tsx), and
 *   in production the root layout loads only `/islands/<name>.js` (through
 *   the inline `islandLoader`, the last element of the body), which
 *   hydrates that form with React alone, without the router (app/islands/,
 *   built by scripts/build-islands.ts). In development the router hydrates the
 *   whole page instead, so Vite's hot reload keeps working.
 */
export const HYDRATE = { hydrate: true } as const;

/** A route's handle asking for an island. */
export function island(name: IslandName) {
  return { island: name } as const;
}

type Matches = readonly { handle?: unknown }[];

/** True when any matched route's `handle` asks for the router's scripts. */
export function wantsScripts(matches: Matches): boolean {
  return matches.some((m) => (m.handle as { hydrate?: unknown } | null | undefined)?.hydrate === true);
}

/** The island a matched route asks for, if any. */
export function pageIsland(matches: Matches): IslandName | undefined {
  for (const m of matches) {
    const name = (m.handle as { island?: unknown } | null | undefined)?.island;
    if (ISLANDS.includes(name as IslandName)) return name as IslandName;
  }
  return undefined;
}

/** The element an island hydrates, and the JSON element holding its props. */
export const islandId = (name: IslandName) => `${name}-island`;
export const islandPropsId = (name: IslandName) => `${name}-island-props`;

/**
 * The one script element of a form page, the last of its body: it loads the
 * island's script, so that script can only run once the form above is parsed
 * (a `<script async src>` is moved into `<head>` by React, where it could run
 * before the form exists, and the island never started), and without holding
 * back DOMContentLoaded. If the island's script cannot load (network, 404,
 * refused by the CSP), no code of the island ever runs, so only this can say
 * so: it marks the page (`<html data-hydrated="failed">`) and reports the
 * failure, naming nothing but the island (docs/decisions/027-island-failures.md).
 * The form is already a plain form that posts without JavaScript. Its text is
 * fixed per island, so each prerendered page's CSP hash covers it.
 */
export function islandLoader(name: IslandName): string {
  const report = JSON.stringify({ island: name, kind: "script", script: islandScript(name) });
  return (
    '(function(){var d=document,s=d.createElement("script");' +
    `s.type="module";s.src=${JSON.stringify(islandScript(name))};` +
    's.onerror=function(){d.documentElement.dataset.hydrated="failed";' +
    `fetch(${JSON.stringify(CLIENT_ERRORS_PATH)},{method:"POST",keepalive:true,credentials:"omit",` +
    `headers:{"content-type":"application/json"},body:${JSON.stringify(report)}}).catch(function(){})};` +
    "d.body.appendChild(s)})()"
  );
}

/** Marks the page as hydrated once React has committed (tests and tools read `<html data-hydrated>`). */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = "true";
}

/** Marks the page whose island failed: it works as the plain form (`<html data-hydrated="failed">`). */
export function markIslandFailed(): void {
  document.documentElement.dataset.hydrated = "failed";
}
