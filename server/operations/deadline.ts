/**
 * `work`'s outcome if it settles within `ms`, else `late()`'s. The work is not
 * cancelled: callers that may ask again keep one piece of work in flight
 * (see `oneAtATime`), so a database that hangs holds one query, not one per probe.
 */
export async function settleWithin<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** `run` started at most once at a time: a call while a run is going gets that run's promise. */
export function oneAtATime<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () =>
    (inFlight ??= run().finally(() => {
      inFlight = undefined;
    }));
}
