/**
 * A pure function of one string, remembered: the HS classifier reads the same tariff texts on every call
 * (a line's path, its siblings), and folding and matching them again each time was most of a call's CPU.
 * Bounded: past `max` entries the memory starts over (seller texts pass through too, and never repeat).
 */
export function memoizeText<T>(fn: (text: string) => T, max = 50_000): (text: string) => T {
  const memory = new Map<string, T>();
  return (text: string) => {
    let value = memory.get(text);
    if (value === undefined && !memory.has(text)) {
      if (memory.size >= max) memory.clear();
      value = fn(text);
      memory.set(text, value);
    }
    return value as T;
  };
}
