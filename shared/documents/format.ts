/** Locale-independent value formatting for documents (same output on every runtime). Pure. */

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 1234.5 -> "1,234.50" with (2, 2); trailing zeros trimmed down to minFraction. */
export function formatNumber(value: number, minFraction = 0, maxFraction = 3): string {
  if (!Number.isFinite(value)) return String(value);
  const negative = value < 0;
  let fixed = Math.abs(value).toFixed(maxFraction);
  if (maxFraction > minFraction) {
    const [int, frac = ""] = fixed.split(".");
    let trimmed = frac;
    while (trimmed.length > minFraction && trimmed.endsWith("0")) trimmed = trimmed.slice(0, -1);
    fixed = trimmed.length > 0 ? `${int}.${trimmed}` : int;
  }
  const [int, frac] = fixed.split(".");
  const out = frac !== undefined ? `${groupThousands(int)}.${frac}` : groupThousands(int);
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

export const formatMoney = (value: number): string => formatNumber(value, 2, 2);
export const formatQuantity = (value: number): string => formatNumber(value, 0, 3);
export const formatWeight = (value: number): string => formatNumber(value, 0, 3);

/** Date -> "YYYY-MM-DD" (UTC); ISO-like strings keep their date part; other strings are returned trimmed. */
export function formatDate(value: Date | string): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const trimmed = value.trim();
  return /^\d{4}-\d{2}-\d{2}/.test(trimmed) ? trimmed.slice(0, 10) : trimmed;
}

/** Any shipment value as display text, or null when it is blank. */
export function displayValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim().length > 0 ? value.trim() : null;
  if (typeof value === "number") return Number.isFinite(value) ? formatNumber(value, 0, 6) : null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) {
    const parts = value.map(displayValue).filter((v): v is string => v !== null);
    return parts.length > 0 ? parts.join(", ") : null;
  }
  return null;
}

export function numberValue(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** Formats a numeric value with `format`; non-numeric values fall back to their display text. */
export function numeric(format: (n: number) => string): (value: unknown) => string | null {
  return (value) => {
    const n = numberValue(value);
    return n !== null ? format(n) : displayValue(value);
  };
}

/** Decimals (0…max) needed to show every value of a column exactly, so a column can share one format. */
export function columnDecimals(values: readonly unknown[], max = 3): number {
  let decimals = 0;
  for (const value of values) {
    const n = numberValue(value);
    if (n === null) continue;
    for (let d = decimals; d <= max; d++) {
      if (Math.abs(Math.round(n * 10 ** d) - n * 10 ** d) < 1e-6) {
        decimals = Math.max(decimals, d);
        break;
      }
      if (d === max) decimals = max;
    }
  }
  return decimals;
}
