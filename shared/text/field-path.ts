/** Formats a zod issue path the way the spec writes field paths: goods.line_items[0].hs_code */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}
