/**
 * Which pages load JavaScript. Content pages are complete as HTML and CSS and
 * ship no script at all; a route that needs React in the browser (the two
 * forms, the staff console) says so in its `handle`, and the root layout then
 * renders React Router's scripts:
 *
 *   export const handle = HYDRATE;
 */
export const HYDRATE = { hydrate: true } as const;

/** True when any matched route's `handle` asks for scripts. */
export function wantsScripts(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => {
    const handle = m.handle as { hydrate?: unknown } | null | undefined;
    return handle?.hydrate === true;
  });
}
