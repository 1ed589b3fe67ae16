/**
 * When a failed delivery is tried again: roughly exponential steps over about 27.6 hours, each with
 * ±20 % jitter so that deliveries failing together do not come back together.
 *
 * | attempt | after the previous one |
 * |---|---|
 * | 1 | at once |
 * | 2 | 10 s |
 * | 3 | 1 min |
 * | 4 | 5 min |
 * | 5 | 30 min |
 * | 6 | 2 h |
 * | 7 | 5 h |
 * | 8 | 10 h |
 * | 9 | 10 h |
 *
 * After the ninth failed attempt the delivery is `failed` (a redelivery starts the schedule again).
 */
export const RETRY_DELAYS_SECONDS = [10, 60, 300, 1800, 7200, 18000, 36000, 36000] as const;

/**
 * Attempts in one schedule: the first plus one per delay. (Not the jobs' JOB_MAX_INTERRUPTED_ATTEMPTS:
 * a delivery's attempts fail normally and are retried; a job attempt that ends at all is final.)
 */
export const DELIVERY_ATTEMPTS_PER_SCHEDULE = RETRY_DELAYS_SECONDS.length + 1;

export const JITTER = 0.2;

/**
 * Seconds to wait after the `attemptsMade`-th failed attempt of a schedule, or null when the schedule
 * is exhausted. `random` is in [0, 1).
 */
export function retryDelaySeconds(attemptsMade: number, random: number = Math.random()): number | null {
  if (attemptsMade < 1 || attemptsMade >= DELIVERY_ATTEMPTS_PER_SCHEDULE) return null;
  const base = RETRY_DELAYS_SECONDS[attemptsMade - 1];
  return Math.max(1, Math.round(base * (1 - JITTER + 2 * JITTER * random)));
}
