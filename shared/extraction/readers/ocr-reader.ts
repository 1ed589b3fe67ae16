/**
 * OCR with tesseract.js (Node only in practice: it runs tesseract's WebAssembly build in a worker
 * thread). Offline: the English LSTM model comes from the npm package @tesseract.js-data/eng
 * (folder 4.0.0_best_int/eng.traineddata.gz, passed as langPath with gzip: true), and the cache goes to
 * a temporary folder (cachePath, cacheMethod "none"), so nothing is fetched from the network.
 *
 * Two engines per process, each created on first use (about 1.5–5 s) and reused: they share a page's
 * three readings (ocrImageThrice), so on a machine with a free core three readings take about one and a
 * half readings' wall time. Pages are read one at a
 * time. Inverted (light-on-dark) text is not looked for (tessedit_do_invert = 0), which saves about a
 * third of the time on ordinary documents.
 */
import type { PositionedWord } from "../document-text.ts";
import { ExtractionFailure } from "../extraction-failure.ts";
import { isTiff } from "../file-kinds.ts";
import { decodeToGray, encodeGrayPgm } from "./gray-raster.ts";
import { type PrepareOptions, preparePage, prepareSecondReading, prepareThirdReading } from "./ocr-preprocess.ts";

type TesseractWorker = import("tesseract.js").Worker;

const engines: (Promise<TesseractWorker> | null)[] = [null, null];
let queue: Promise<unknown> = Promise.resolve();

async function createEngine(): Promise<TesseractWorker> {
  const [{ createWorker, OEM }, { createRequire }, { dirname, join }, { tmpdir }, { mkdtemp }] = await Promise.all([
    import("tesseract.js"),
    import("node:module"),
    import("node:path"),
    import("node:os"),
    import("node:fs/promises"),
  ]);
  const require = createRequire(import.meta.url);
  const langPath = join(dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
  const cachePath = await mkdtemp(join(tmpdir(), "tds-ocr-"));
  const worker = await createWorker("eng", OEM.LSTM_ONLY, {
    langPath,
    cachePath,
    gzip: true,
    cacheMethod: "none",
    logger: () => {},
    errorHandler: () => {},
  });
  await worker.setParameters({ tessedit_do_invert: "0" });
  return worker;
}

function getEngine(which: 0 | 1 = 0): Promise<TesseractWorker> {
  const engine = (engines[which] ??= createEngine().catch((e) => {
    engines[which] = null;
    throw e;
  }));
  return engine;
}

/**
 * The page as OCR gets it: scaled, deskewed and binarised (ocr-preprocess.ts) when it can be decoded
 * here (a TIFF by decode-tiff.ts, or a failure), else the bytes as they are. `scale` grows by the enlargement. With `more`, also the
 * pages for the second and third readings (prepareSecondReading, prepareThirdReading), when it could be decoded.
 */
async function prepared(
  image: Uint8Array,
  scale: number,
  prepare: PrepareOptions | false,
  more = false,
): Promise<{ image: Uint8Array; scale: number }[]> {
  // tesseract.js's own TIFF reading crashes the process (decode-tiff.ts): a TIFF always goes as a grey raster.
  const tiff = isTiff(image);
  if (prepare === false && !tiff) return [{ image, scale }];
  const gray = await decodeToGray(image);
  if (!gray && tiff)
    throw new ExtractionFailure("The TIFF image could not be decoded (its first page's coding is not supported, or the file is damaged)");
  if (!gray) return [{ image, scale }];
  if (prepare === false) return [{ image: encodeGrayPgm(gray.data, gray.width, gray.height), scale }];
  const page = preparePage(gray, prepare);
  const first = { image: encodeGrayPgm(page.image.data, page.image.width, page.image.height), scale: scale * page.scale };
  if (!more) return [first];
  const other = prepareSecondReading(page);
  const third = prepareThirdReading(page);
  return [
    first,
    { image: encodeGrayPgm(other.image.data, other.image.width, other.image.height), scale: scale * other.scale },
    { image: encodeGrayPgm(third.image.data, third.image.width, third.image.height), scale: scale * third.scale },
  ];
}

/** One recognition: words with boxes divided by `scale` and confidences 0–1. */
async function recognize(worker: TesseractWorker, image: Uint8Array, scale: number, page: number): Promise<PositionedWord[]> {
  let data: import("tesseract.js").Page;
  try {
    ({ data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { blocks: true, text: false }));
  } catch (e) {
    throw new ExtractionFailure(`The image could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const words: PositionedWord[] = [];
  for (const line of lines) {
    // Specks read as ":", "|", "£" or a low-confidence single letter are not text.
    const real = line.words.filter((w) => {
      const text = w.text.trim();
      return /[A-Za-z0-9]/.test(text) && !(text.length === 1 && w.confidence < 50);
    });
    if (real.length === 0) continue;
    // The line's extent from its real words only (a speck far away would stretch the box).
    const y0 = Math.min(...real.map((w) => w.bbox.y0));
    const y1 = Math.max(...real.map((w) => w.bbox.y1));
    for (const w of real) {
      const text = w.text.trim();
      words.push({
        page,
        text,
        x0: w.bbox.x0 / scale,
        x1: w.bbox.x1 / scale,
        // Every word of a line shares the line's band, so it groups with that line.
        y0: y0 / scale,
        y1: Math.max(y1, y0 + 4) / scale,
        confidence: Math.max(0, Math.min(1, w.confidence / 100)),
        ink: true,
      });
    }
  }
  return words;
}

function serialised<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => {});
  return run;
}

/**
 * Words with boxes (pixels divided by `scale`) and confidences 0–1; calls are serialised. `prepare`
 * switches the clean-up steps (all on by default; false: the bytes go to OCR as they are).
 */
export function ocrImage(input: Uint8Array, page: number, inputScale = 1, prepare: PrepareOptions | false = {}): Promise<PositionedWord[]> {
  return serialised(async () => {
    const worker = await getEngine();
    const [first] = await prepared(input, inputScale, prepare);
    return recognize(worker, first.image, first.scale, page);
  });
}

/**
 * A page read three times (ocr-preprocess.ts: prepareSecondReading, prepareThirdReading); `second` and
 * `third` are null when the image could not be decoded here.
 */
export interface PageReadings {
  words: PositionedWord[];
  second: PositionedWord[] | null;
  third: PositionedWord[] | null;
}

/**
 * The page read as ocrImage reads it, and twice more at other resolutions: evidence for each value
 * (second-reading.ts). The two engines take the readings in turn, each the next one when it is free:
 * the LSTM's time goes with the text's length more than with the pixels, so each reading costs about
 * as much as the first, and three readings on two engines take about one and a half readings' time.
 */
export function ocrImageThrice(input: Uint8Array, page: number, inputScale = 1): Promise<PageReadings> {
  return serialised(async () => {
    const jobs = await prepared(input, inputScale, {}, true);
    const read: PositionedWord[][] = [];
    let next = 0;
    const work = async (which: 0 | 1) => {
      const worker = await getEngine(which);
      for (let i = next++; i < jobs.length; i = next++) read[i] = await recognize(worker, jobs[i].image, jobs[i].scale, page);
    };
    await Promise.all([work(0), ...(jobs.length > 1 ? [work(1)] : [])]);
    return { words: read[0], second: read[1] ?? null, third: read[2] ?? null };
  });
}

/** Ends the OCR engines (tests, benchmarks, server shutdown). */
export async function terminateOcr(): Promise<void> {
  const current = [...engines];
  engines.fill(null);
  await Promise.all(current.map(async (e) => (await e?.catch(() => null))?.terminate()));
}
