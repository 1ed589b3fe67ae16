/**
 * A background pass that never overlaps itself: a wake while a pass runs asks for one more pass after
 * it (any number of such wakes make one), so a change that arrives mid-pass is never missed.
 */
export interface OnePassAtATime {
  /** Starts a pass, or asks the running one for another after it. */
  wake(): void;
  /** Whether a pass (or its follow-up) is running. */
  busy(): boolean;
  /** The latest started run of passes (resolved when idle). */
  current(): Promise<void>;
}

export function onePassAtATime(pass: () => Promise<void>, opts: { stopped?: () => boolean; afterRun?: () => void } = {}): OnePassAtATime {
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;
  const wake = () => {
    if (opts.stopped?.()) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    current = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !opts.stopped?.());
      } finally {
        // A pass that throws must not leave the task busy for ever (the callers' passes catch their own errors).
        busy = false;
        opts.afterRun?.();
      }
    })();
  };
  return { wake, busy: () => busy, current: () => current };
}
