/** Every (key, label) pair of a vocabulary, longest label first, so that the longest match wins. */
export function longestFirst<K extends string>(words: Record<K, string[]>): { key: K; label: string }[] {
  return (Object.entries(words) as [K, string[]][])
    .flatMap(([key, labels]) => labels.map((label) => ({ key, label })))
    .sort((a, b) => b.label.length - a.label.length);
}
