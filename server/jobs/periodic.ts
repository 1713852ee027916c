/**
 * The one timer every background job runs on (the mail worker, the upload
 * sweep, the reminders, the retention purge): `task` after `firstDelayMs`,
 * then every `periodMs`, in a listening server. A tick that comes while a run
 * is still going is skipped, so runs never overlap; a failure goes to
 * `onError` and the next run goes ahead. The timers do not keep the process
 * alive. The returned function stops the timers and waits for a run in progress.
 */
export function runEvery(
  periodMs: number,
  firstDelayMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = task()
      .catch(onError)
      .finally(() => {
        busy = false;
      });
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
