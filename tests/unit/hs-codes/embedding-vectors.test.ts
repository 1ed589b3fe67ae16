import { describe, expect, it } from "vitest";
import {
  decodeWordVectors,
  dot,
  nearestRows,
  quantizeVector,
  weightedMean,
  wordId,
  type WordVectorFile,
} from "../../../shared/hs-codes/embedding-vectors.ts";

/** A generated file in the build script's format, from hand-written vectors. */
function file(words: Record<string, number[]>): WordVectorFile {
  const list = Object.keys(words);
  const dims = Object.values(words)[0].length;
  const scales = new DataView(new ArrayBuffer(list.length * 4));
  const bytes = new Int8Array(list.length * dims);
  list.forEach((w, i) => {
    const q = quantizeVector(words[w]);
    scales.setFloat32(i * 4, q.scale, true);
    bytes.set(q.values, i * dims);
  });
  const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");
  return { source: "test", dimensions: dims, words: list.join(" "), scales: b64(scales), vectors: b64(bytes) };
}

const vectors = decodeWordVectors(
  file({ pendant: [1, 0.2, 0], necklace: [0.9, 0.3, 0.1], jewellery: [0.8, 0.1, 0.2], chip: [0, 0.1, 1], memory: [0.1, 0, 0.9] }),
);
const row = (w: string) => vectors.data.slice(wordId(vectors, w) * 3, wordId(vectors, w) * 3 + 3);

describe("word vectors", () => {
  it("quantises a vector to signed bytes of its unit vector, within half a step", () => {
    const v = [3, -4, 0.5];
    const q = quantizeVector(v);
    const norm = Math.hypot(...v);
    expect(Math.max(...[...q.values].map(Math.abs))).toBe(127);
    v.forEach((x, i) => expect(Math.abs(q.values[i] * q.scale - x / norm)).toBeLessThanOrEqual(q.scale / 2 + 1e-7));
    expect(quantizeVector([0, 0, 0]).values).toEqual(new Int8Array(3));
  });

  it("decodes the generated file to unit vectors and refuses one whose sizes do not match", () => {
    expect(vectors.size).toBe(5);
    expect(vectors.words[wordId(vectors, "chip")]).toBe("chip");
    for (let w = 0; w < vectors.size; w++) expect(dot(vectors.data, w * 3, vectors.data, w * 3, 3)).toBeCloseTo(1, 5);
    expect(dot(row("pendant"), 0, row("necklace"), 0, 3)).toBeGreaterThan(dot(row("pendant"), 0, row("chip"), 0, 3));
    expect(() => decodeWordVectors({ ...file({ a: [1, 0] }), words: "a b" })).toThrow(/sizes/);
  });

  it("finds a word by itself or its singular, and knows no other", () => {
    expect(wordId(vectors, "pendants")).toBe(wordId(vectors, "pendant"));
    expect(wordId(vectors, "ycs")).toBe(-1);
  });

  it("weights a mean by the given weights, skips unknown words and reports the weight used", () => {
    const out = new Float32Array(6);
    const used = weightedMean(vectors, [wordId(vectors, "pendant"), -1, wordId(vectors, "chip")], [3, 5, 1], out, 3);
    expect(used).toBe(4);
    expect([...out.slice(0, 3)]).toEqual([0, 0, 0]);
    expect(dot(out, 3, out, 3, 3)).toBeCloseTo(1, 5);
    // Three parts pendant to one part chip: nearer the pendant.
    expect(dot(out, 3, row("pendant"), 0, 3)).toBeGreaterThan(dot(out, 3, row("chip"), 0, 3));
    expect(weightedMean(vectors, [-1], [1], out)).toBe(0);
    expect([...out.slice(0, 3)]).toEqual([0, 0, 0]);
  });

  it("lists the nearest rows best first, only among the rows asked for, and none for k = 0", () => {
    const q = row("necklace");
    const all = nearestRows(vectors.data, 3, q, 3);
    expect(all.map((r) => vectors.words[r.row])).toEqual(["necklace", "pendant", "jewellery"]);
    expect(all[0].cosine).toBeCloseTo(1, 5);
    expect(all[0].cosine).toBeGreaterThanOrEqual(all[1].cosine);
    const some = nearestRows(vectors.data, 3, q, 2, [wordId(vectors, "chip"), wordId(vectors, "memory"), wordId(vectors, "jewellery")]);
    expect(some.map((r) => vectors.words[r.row])).toEqual(["jewellery", "memory"]);
    expect(nearestRows(vectors.data, 3, q, 0)).toEqual([]);
    expect(nearestRows(vectors.data, 3, q, 10)).toHaveLength(5);
  });
});
