/**
 * How one environment variable becomes a value: the same rules for every setting (issue 14). Unset and
 * empty are the same (the default applies); a value that does not parse is an issue on that variable,
 * and loadConfig reports every such variable at once, one line each.
 */
import { z } from "zod";

/** What a variable holds: a string or nothing. */
type Raw = string | undefined;
/** Throws an Error whose message completes "<NAME> …", e.g. `must be an integer ≥ 1, got "x"`. */
type Parse<T> = (value: string) => T;

export function setting<T>(parse: Parse<T>): z.ZodType<T | undefined, Raw>;
export function setting<T>(parse: Parse<T>, fallback: T): z.ZodType<T, Raw>;
export function setting<T>(parse: Parse<T>, fallback?: T): z.ZodType<T | undefined, Raw> {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return fallback;
      try {
        return parse(value);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
        return z.NEVER;
      }
    });
}

const got = (value: string) => `got ${JSON.stringify(value)}`;

export function text(): z.ZodType<string | undefined, Raw>;
export function text(fallback: string): z.ZodType<string, Raw>;
export function text(fallback?: string) {
  return setting((v) => v, fallback as string);
}

export function integer(min: number): z.ZodType<number | undefined, Raw>;
export function integer(min: number, fallback: number): z.ZodType<number, Raw>;
export function integer(min: number, fallback?: number) {
  return setting((v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`must be an integer ≥ ${min}, ${got(v)}`);
    return n;
  }, fallback as number);
}

const TRUE = ["true", "1", "yes", "on"];
const FALSE = ["false", "0", "no", "off"];

/** true/false, also 1/0, yes/no, on/off, in any case: one reading for every switch. */
export function parseFlag(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (TRUE.includes(v)) return true;
  if (FALSE.includes(v)) return false;
  throw new Error(`must be true or false (or on/off, yes/no, 1/0), ${got(value)}`);
}

export function flag(): z.ZodType<boolean | undefined, Raw>;
export function flag(fallback: boolean): z.ZodType<boolean, Raw>;
export function flag(fallback?: boolean) {
  return setting(parseFlag, fallback as boolean);
}

/** One of a fixed list, case-insensitive. */
export function choice<const T extends string>(values: readonly T[], fallback: T): z.ZodType<T, Raw>;
export function choice<const T extends string>(values: readonly T[]): z.ZodType<T | undefined, Raw>;
export function choice<const T extends string>(values: readonly T[], fallback?: T) {
  return setting((v) => {
    const hit = values.find((c) => c === v.trim().toLowerCase());
    if (!hit) throw new Error(`must be one of ${values.join(", ")}, ${got(v)}`);
    return hit;
  }, fallback as T);
}

/** Between 0 and 1 (0.1 = 10 %). */
export function fraction(fallback: number): z.ZodType<number, Raw> {
  return setting((v) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 1) throw new Error(`must be a number between 0 and 1, ${got(v)}`);
    return n;
  }, fallback);
}

/**
 * JSON checked by a zod schema. The value is not repeated in the message: these variables hold keys.
 * `shape` says what is expected, e.g. `a JSON object of named keys, like {"default":"sb_…"}`.
 */
export function json<T>(schema: z.ZodType<T>, shape: string): z.ZodType<T | undefined, Raw> {
  return setting((v) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      throw new Error(`must be ${shape} (it is not JSON)`);
    }
    const r = schema.safeParse(parsed);
    if (!r.success) throw new Error(`must be ${shape}`);
    return r.data;
  });
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
export const DAY_MS = UNIT_MS.d;
export const MINUTE_MS = UNIT_MS.m;

/** 90d, 12h, 30m, 45s or 2w, in milliseconds. */
export function parseDuration(value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$/.exec(value);
  if (!m) throw new Error(`must be a duration such as 90d, 12h, 30m, 45s or 2w, ${got(value)}`);
  return Math.round(Number(m[1]) * UNIT_MS[m[2]]);
}

export function duration(fallbackMs: number): z.ZodType<number, Raw> {
  return setting(parseDuration, fallbackMs);
}

/** Every variable of a shape, parsed: what a section builds its settings from. */
export type Vars<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;
