import { describe, expect, it } from "vitest";
import {
  buildLineEmbeddings,
  explainNeighbour,
  nearestExamples,
  nearestLines,
  lineVector,
  lineWords,
  queryEmbedding,
  type EmbeddingLine,
} from "../../../shared/hs-codes/embedding-index.ts";
import { decodeWordVectors, dot, quantizeVector } from "../../../shared/hs-codes/embedding-vectors.ts";

// Hand-written 3-dimensional word vectors: jewellery words, chip words, and boilerplate near everything.
const WORDS: Record<string, number[]> = {
  pendant: [1, 0.2, 0],
  necklace: [0.9, 0.3, 0.1],
  jewellery: [0.8, 0.1, 0.2],
  imitation: [0.6, 0.5, 0.3],
  articles: [0.5, 0.5, 0.5],
  chip: [0, 0.1, 1],
  memory: [0.1, 0, 0.9],
  dynamic: [0.2, 0.3, 0.8],
  circuits: [0, 0.3, 0.9],
  other: [0.5, 0.5, 0.5],
};
const list = Object.keys(WORDS);
const scales = new DataView(new ArrayBuffer(list.length * 4));
const bytes = new Int8Array(list.length * 3);
list.forEach((w, i) => {
  const q = quantizeVector(WORDS[w]);
  scales.setFloat32(i * 4, q.scale, true);
  bytes.set(q.values, i * 3);
});
const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");
const vectors = decodeWordVectors({ source: "test", dimensions: 3, words: list.join(" "), scales: b64(scales), vectors: b64(bytes) });

const line = (lineKey: string, code: string, description: string, up: string): EmbeddingLine => ({
  lineKey,
  code,
  subheading: code.length >= 6 ? code.slice(0, 6) : null,
  level: code.length,
  description,
  fullDescription: up ? `${up} > ${description}` : description,
});
const LINES = [
  line("c71", "71", "Pearls, precious stones, imitation jewellery", ""),
  line("h7117", "7117", "Imitation jewellery", ""),
  line("l711719", "71171900", "Other articles", "Imitation jewellery"),
  line("l711790", "71179000", "Other", "Imitation jewellery"),
  line("h8542", "8542", "Electronic integrated circuits", ""),
  line("l854232", "85423200", "Memory chips", "Electronic integrated circuits"),
  line("l854239", "85423900", "Other", "Electronic integrated circuits"),
];
const index = buildLineEmbeddings(vectors, LINES, [
  { term: "pendants", code: "7117190000" },
  { term: "dram chips", code: "8542320000" },
  { term: "nothing known", code: "7117190000" },
  { term: "necklace", code: "9999990000" },
]);
const weights = (w: string) => (w === "dynamic" ? 0.4 : 1);

describe("line and example vectors", () => {
  it("embeds every line but chapters, and the examples whose words and subheading it knows", () => {
    expect(index.lineKeys).toEqual(["h7117", "l711719", "l711790", "h8542", "l854232", "l854239"]);
    expect(index.examples.map((x) => x.term)).toEqual(["pendants", "dram chips"]);
    expect(index.subheadings).toEqual(["711719", "711790", "854232", "854239"]);
    // An example stands for its subheading's first line.
    expect(index.lineKeys[index.subheadingLine.get("711719")!]).toBe("l711719");
    // "other" is boilerplate: a line of only "Other" is its ancestors' words.
    const other = index.rowOf.get("l711790")!;
    expect(index.ownCount[other]).toBe(0);
    expect([...lineWords(index, other)].map((id) => vectors.words[id]).sort()).toEqual(["imitation", "jewellery"]);
  });

  it("finds the line of the product's meaning although no word is shared, one line per subheading", () => {
    const q = queryEmbedding(index, vectors, ["dynamic", "dragon", "necklace"], weights)!;
    expect(q.words).toEqual(["dynamic", "necklace"]);
    const near = nearestLines(index, vectors, q, 2);
    expect(near.map((n) => index.lineKeys[n.line].slice(1, 5))).toEqual(["7117", "7117"]);
    expect(new Set(near.map((n) => index.lineSubheading[n.line])).size).toBe(2);
    expect(near[0].cosine).toBeGreaterThanOrEqual(near[1].cosine);
    // The same query with the adjective leading finds the chips.
    const chips = queryEmbedding(index, vectors, ["dynamic", "necklace"], (w) => (w === "dynamic" ? 5 : 0.1))!;
    expect(index.lineKeys[nearestLines(index, vectors, chips, 1)[0].line]).toMatch(/^l8542/);
  });

  it("finds labelled examples near the query and says why, in words", () => {
    const q = queryEmbedding(index, vectors, ["necklace"], weights)!;
    const ex = nearestExamples(index, q, 5);
    expect(ex.map((n) => index.examples[n.example!].term)).toEqual(["pendants", "dram chips"]);
    expect(index.lineKeys[ex[0].line]).toBe("l711719");
    expect(explainNeighbour(index, vectors, q, ex[0])).toEqual({ queryWords: ["necklace"], lineWords: ["pendant"] });
    const why = explainNeighbour(index, vectors, q, nearestLines(index, vectors, q, 1)[0]);
    expect(why.queryWords).toEqual(["necklace"]);
    expect(why.lineWords[0]).toBe("jewellery");
  });

  it("computes a line's vector again as the same floats, the centroid of its subheading's lines", () => {
    const a = lineVector(index, vectors, index.rowOf.get("l711719")!, new Float32Array(3));
    const b = lineVector(index, vectors, index.rowOf.get("l711719")!, new Float32Array(3));
    expect([...a]).toEqual([...b]);
    expect(dot(a, 0, a, 0, 3)).toBeCloseTo(1, 5);
    // A subheading of one line: its centroid is that line's vector.
    const s = index.subheadings.indexOf("711719");
    expect(dot(index.subheadingMatrix, s * 3, a, 0, 3)).toBeCloseTo(1, 5);
  });

  it("has no query vector when no word has a vector or every weight is 0", () => {
    expect(queryEmbedding(index, vectors, ["ycs", "dragon"], weights)).toBeNull();
    expect(queryEmbedding(index, vectors, ["necklace"], () => 0)).toBeNull();
    const q = queryEmbedding(index, vectors, ["necklace"], weights)!;
    expect(dot(q.vector, 0, q.vector, 0, 3)).toBeCloseTo(1, 5);
  });
});
