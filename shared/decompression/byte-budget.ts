/**
 * One budget for the bytes that decompressing an upload produces (PDF streams, zip entries): every
 * reader of uploaded content charges what it would inflate here, so a bomb is refused by counting,
 * before any parser holds the output. Pure and runtime-neutral.
 */

const MiB = 1024 * 1024;

export function formatBytes(n: number): string {
  return n >= MiB ? `${Math.round((n / MiB) * 10) / 10} MB` : `${n} bytes`;
}

/** Thrown when a charge goes over the budget; `what` names what was being decompressed. */
export class BudgetExceeded extends Error {
  constructor(
    readonly limit: number,
    readonly what: string,
  ) {
    super(`its ${what} expand to more than ${formatBytes(limit)}`);
    this.name = "BudgetExceeded";
  }
}

export class ByteBudget {
  used = 0;
  constructor(readonly limit: number) {}

  get remaining(): number {
    return Math.max(0, this.limit - this.used);
  }

  /** Adds `bytes`; throws BudgetExceeded when the total passes the limit. */
  charge(bytes: number, what: string): void {
    this.used += bytes;
    if (this.used > this.limit) throw new BudgetExceeded(this.limit, what);
  }
}

/** Thrown when an image declares more pixels than the budget allows. */
export class PixelLimitExceeded extends Error {
  constructor(
    readonly pixels: number,
    readonly limit: number,
    readonly what: string,
  ) {
    super(`${what} has ${(pixels / 1e6).toFixed(1)} megapixels; at most ${(limit / 1e6).toFixed(1)} are read`);
    this.name = "PixelLimitExceeded";
  }
}
