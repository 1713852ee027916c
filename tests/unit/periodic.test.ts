import { describe, expect, it } from "vitest";
import { runEvery } from "../../server/jobs/periodic";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("runEvery: the one timer every background job runs on", () => {
  it("never starts a run while the last one is still going, and stop() waits for it", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const stop = runEvery(
      5,
      0,
      async () => {
        running++;
        runs++;
        most = Math.max(most, running);
        await sleep(40);
        running--;
      },
      () => undefined,
    );
    await sleep(150);
    await stop();
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(running).toBe(0);
  });

  it("goes on after a failed run, telling onError", async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = runEvery(
      5,
      0,
      async () => {
        runs++;
        throw new Error(`run ${runs}`);
      },
      (error) => errors.push(error),
    );
    await sleep(60);
    await stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(runs);
  });
});
