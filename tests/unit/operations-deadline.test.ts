import { afterEach, describe, expect, it, vi } from "vitest";
import { oneAtATime, settleWithin } from "../../server/operations/deadline";

describe("settleWithin", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the work's outcome when it settles in time, and the late answer when it does not", async () => {
    // Fake timers, not the wall clock: the late answer comes at the deadline (50 ms of the fake clock, not
    // 49), whatever else the machine is doing; and no timer is left behind once it has settled.
    vi.useFakeTimers();
    expect(await settleWithin(Promise.resolve("done"), 100, () => "late")).toBe("done");
    expect(vi.getTimerCount()).toBe(0);
    const never = new Promise<string>(() => {});
    let answer: string | undefined;
    void settleWithin(never, 50, () => "late").then((value) => (answer = value));
    await vi.advanceTimersByTimeAsync(49);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe("late");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes a failure on", async () => {
    await expect(settleWithin(Promise.reject(new Error("broken")), 100, () => "late")).rejects.toThrow("broken");
  });
});

describe("oneAtATime", () => {
  it("starts a run only when none is going: a call meanwhile shares it; the next call starts a new one", async () => {
    let runs = 0;
    let finish: (value: number) => void = () => {};
    const run = oneAtATime(() => {
      runs += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    });
    const first = run();
    const second = run();
    expect(runs).toBe(1);
    finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    const third = run();
    expect(runs).toBe(2);
    finish(8);
    expect(await third).toBe(8);
  });

  it("starts again after a run that failed", async () => {
    let runs = 0;
    const run = oneAtATime(async () => {
      runs += 1;
      if (runs === 1) throw new Error("first fails");
      return "second works";
    });
    await expect(run()).rejects.toThrow("first fails");
    expect(await run()).toBe("second works");
  });
});
