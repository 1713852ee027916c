/**
 * Runs `task` after `firstDelayMs`, then every `periodMs`, in a listening
 * server; a failure goes to `onError` and the next run goes ahead. The timers
 * do not keep the process alive. The returned function stops the timers and
 * waits for a run in progress.
 */
export function runEvery(
  periodMs: number,
  firstDelayMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = task().catch(onError);
  };
  const first = setTimeout(run, firstDelayMs);
  const timer = setInterval(run, periodMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
