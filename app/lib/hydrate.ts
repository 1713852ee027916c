/**
 * Which pages load JavaScript, and how much.
 *
 * - Content pages are complete as HTML and CSS and ship no script at all.
 * - The staff console hydrates whole with React Router: its layout and pages
 *   say `export const handle = HYDRATE;` and the root layout renders the
 *   router's scripts.
 * - The two public forms are islands: `export const handle = island("booking");`.
 *   The page renders its form inside <Island> (app/components/island.tsx), and
 *   in production the root layout loads only `/islands/<name>.js`, which
 *   hydrates that form with React alone, without the router (app/islands/,
 *   built by scripts/build-islands.ts). In development the router hydrates the
 *   whole page instead, so Vite's hot reload keeps working.
 */
export const HYDRATE = { hydrate: true } as const;

/** The forms that are islands; each has its entry in app/islands/<name>.tsx. */
export const ISLANDS = ["booking", "contact"] as const;
export type IslandName = (typeof ISLANDS)[number];

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

/** The island's script: a stable address (revalidated by ETag) that imports hashed chunks. */
export const islandScript = (name: IslandName) => `/islands/${name}.js`;

/** Marks the page as hydrated once React has committed (tests and tools read `<html data-hydrated>`). */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = "true";
}
