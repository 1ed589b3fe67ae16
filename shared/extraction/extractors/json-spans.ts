/**
 * Where each leaf value of a JSON text is (character offsets), keyed by path in the extraction's
 * form ("goods.line_items[0].quantity"): the model extractor lines these up with token log-probabilities.
 */
export interface LeafSpan {
  path: string;
  start: number;
  end: number;
}

export function jsonLeafSpans(text: string): LeafSpan[] {
  const spans: LeafSpan[] = [];
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  /** The members of an object or array, from its opening bracket past `close`; `member(n)` reads the n-th. */
  const members = (close: string, member: (n: number) => void): void => {
    i++;
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (let n = 0; ; n++) {
      member(n);
      ws();
      if (text[i] === ",") {
        i++;
        continue;
      }
      i++; // close
      return;
    }
  };
  const value = (path: string): void => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      members("}", () => {
        ws();
        const key = str();
        ws();
        i++; // :
        value(path ? `${path}.${key}` : key);
      });
      return;
    }
    if (ch === "[") {
      members("]", (n) => value(`${path}[${n}]`));
      return;
    }
    const start = i;
    if (ch === '"') str();
    else while (i < text.length && !/[\s,}\]]/.test(text[i])) i++;
    if (i === start) throw new Error(`JSON scan stuck at ${i}`);
    spans.push({ path, start, end: i });
  };
  value("");
  return spans;
}
