import { describe, expect, it } from "vitest";
import { onePassAtATime } from "../../../shared/jobs/one-pass-at-a-time.ts";

describe("one pass at a time", () => {
  it("wakes during a pass make one more pass after it, never an overlap", async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    let release: () => void = () => {};
    const passes$ = onePassAtATime(async () => {
      running++;
      most = Math.max(most, running);
      passes++;
      await new Promise<void>((r) => (release = r));
      running--;
    });
    passes$.wake();
    passes$.wake();
    passes$.wake();
    expect(passes$.busy()).toBe(true);
    release();
    await new Promise((r) => setTimeout(r, 0));
    release();
    await passes$.current();
    expect([passes, most, passes$.busy()]).toEqual([2, 1, false]);
  });

  it("a pass that throws leaves the task ready for the next wake", async () => {
    let calls = 0;
    const passes = onePassAtATime(async () => {
      calls++;
      if (calls === 1) throw new Error("database gone");
    });
    passes.wake();
    await expect(passes.current()).rejects.toThrow("database gone");
    expect(passes.busy()).toBe(false);
    passes.wake();
    await passes.current();
    expect(calls).toBe(2);
  });
});
