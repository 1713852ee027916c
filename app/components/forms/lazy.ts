/**
 * Loads a module once, on demand. The shared zod schemas are the bulk of a
 * form page's JavaScript; loading them after the page is interactive keeps
 * the route's own chunk small on slow mobile data.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined; // a failed load (offline) can be retried
      throw error;
    }));
}
