/** Small helpers for writing invoice XML by hand: escaping and decimal numbers as the schemas want them. */

export function xmlText(value: string): string {
  // XML 1.0 forbids most C0 controls, even as character references: drop them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[<>&"]/g, (c) => ENTITIES[c] ?? c);
}

const ENTITIES: Readonly<Record<string, string>> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" };

/** An amount with exactly 2 decimals (BR-DEC-*), e.g. 18000.00. */
export function amount(n: number): string {
  return (Object.is(n, -0) ? 0 : n).toFixed(2);
}

/** A quantity, price or rate: plain decimal notation (never an exponent), at most 6 decimals, no trailing zeros. */
export function decimal(n: number): string {
  const fixed = n.toFixed(6).replace(/\.?0+$/, "");
  return fixed === "-0" ? "0" : fixed;
}

/** YYYY-MM-DD → YYYYMMDD (CII date format 102). */
export function compact(date: string): string {
  return date.replaceAll("-", "");
}

/** An element with text, or nothing when the value is absent. */
export function el(tag: string, value: string | undefined, attrs = ""): string {
  return value === undefined || value === "" ? "" : `<${tag}${attrs}>${xmlText(value)}</${tag}>`;
}
