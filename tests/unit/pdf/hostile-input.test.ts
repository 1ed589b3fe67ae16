/**
 * Hostile and broken uploads: every case is built in the test, and must come back as a typed problem from
 * the pre-flight, from readFormFields and from flattenToPdfA — quickly (a hang hits the 10 s timeout).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inspectPdf, type InspectLimits } from "../../../shared/pdf/inspect-pdf.ts";
import { readFormFields } from "../../../shared/pdf/read-form-fields.ts";
import { flattenToPdfA } from "../../../shared/pdf/flatten-to-pdfa.ts";
import { type PdfProblemCode, PdfProblemError, RECOMMENDED_ERROR_CODES } from "../../../shared/pdf/pdf-problem.ts";
import {
  concatBytes,
  cyclicPageTreePdf,
  declaredPagesPdf,
  deeplyNestedPdf,
  encryptWithQpdf,
  hugeDeclaredStreamPdf,
  hugeXrefStreamPdf,
  manyPagesPdf,
  minimalPdf,
  objectStreamBombPdf,
  PdfWorkspace,
  rawPdf,
  renderForm,
  requireTools,
  withXfa,
} from "./pdf-fixtures.ts";

const TIMEOUT = { timeout: 10_000 };
const ws = new PdfWorkspace();
let form: Uint8Array;
/** Built once here (pdf-lib needs a few seconds on a loaded machine), checked in its test below. */
let fiveThousandPages: Uint8Array;

beforeAll(async () => {
  requireTools();
  form = await renderForm();
  fiveThousandPages = await manyPagesPdf(5000);
});
afterAll(() => ws.cleanup());

async function expectProblem(bytes: Uint8Array, code: PdfProblemCode, limits: Partial<InspectLimits> = {}): Promise<void> {
  const inspected = inspectPdf(bytes, limits);
  expect(inspected.ok).toBe(false);
  if (!inspected.ok) {
    expect(inspected.problem.code).toBe(code);
    expect(inspected.problem.message.length).toBeGreaterThan(10);
  }
  const read = await readFormFields(bytes, { limits }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(read).toBeInstanceOf(PdfProblemError);
  expect((read as PdfProblemError).code).toBe(code);
  const flat = await flattenToPdfA(bytes, { now: new Date("2025-04-01T00:00:00Z"), limits }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(flat).toBeInstanceOf(PdfProblemError);
  expect((flat as PdfProblemError).code).toBe(code);
}

describe("pre-flight on well-formed input", () => {
  it("accepts a generated form and reports its facts", TIMEOUT, () => {
    const result = inspectPdf(form);
    expect(result).toMatchObject({ ok: true, facts: { version: "1.7", headerOffset: 0, pageCount: 1, hasAcroForm: true } });
  });

  it("accepts up to 1 KB of junk before the header, like readers do", TIMEOUT, async () => {
    const junk = concatBytes("x".repeat(1000), "\n", form);
    expect(inspectPdf(junk)).toMatchObject({ ok: true, facts: { headerOffset: 1001 } });
    expect((await readFormFields(junk)).identity.docType).toBe("COMMERCIAL_INVOICE");
    expect(inspectPdf(concatBytes("x".repeat(1100), form))).toMatchObject({ ok: false, problem: { code: "not_pdf" } });
  });

  it("accepts a hand-written minimal PDF, a form with object streams and an encrypted-looking name in a string", TIMEOUT, () => {
    expect(inspectPdf(minimalPdf())).toMatchObject({ ok: true, facts: { pageCount: 1 } });
    expect(inspectPdf(minimalPdf("/Note (/Encrypt /XFA inside a string)")).ok).toBe(true);
  });
});

describe("hostile and broken uploads", () => {
  it("0 bytes → empty", TIMEOUT, async () => {
    await expectProblem(new Uint8Array(0), "empty");
  });

  it("not a PDF with a .pdf name (text, HTML, PNG bytes) → not_pdf", TIMEOUT, async () => {
    await expectProblem(new TextEncoder().encode("Invoice 2025-03 total 53,340.00 EUR\n"), "not_pdf");
    await expectProblem(
      new TextEncoder().encode("<!doctype html><html><body>%PDF-1.7 is mentioned later</body></html>".padStart(1200, " ")),
      "not_pdf",
    );
    await expectProblem(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "not_pdf");
  });

  it("truncated: the first half (no %%EOF) → corrupt, the second half (no header) → not_pdf", TIMEOUT, async () => {
    const half = Math.floor(form.length / 2);
    await expectProblem(form.slice(0, half), "corrupt");
    await expectProblem(form.slice(half), "not_pdf");
    await expectProblem(form.slice(0, 200), "corrupt");
  });

  it("a header without a version and a stream without endstream → corrupt", TIMEOUT, async () => {
    await expectProblem(new TextEncoder().encode("%PDF-x\n1 0 obj << >> endobj\n%%EOF\n"), "corrupt");
    await expectProblem(
      rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>", "<< /Length 10 >>\nstream\nno end here"]),
      "corrupt",
    );
  });

  it("encrypted with qpdf (AES-256, with and without a user password) → encrypted", TIMEOUT, async () => {
    await expectProblem(encryptWithQpdf(ws, form, "user"), "encrypted");
    await expectProblem(encryptWithQpdf(ws, form, ""), "encrypted");
  });

  it("an AcroForm with /XFA → xfa", TIMEOUT, async () => {
    await expectProblem(await withXfa(form), "xfa");
  });

  it("5,000 real pages (page tree inside object streams) → too_many_pages", TIMEOUT, async () => {
    await expectProblem(fiveThousandPages, "too_many_pages");
  });

  it("a page tree declaring /Count 5000 → too_many_pages", TIMEOUT, async () => {
    await expectProblem(declaredPagesPdf(5000), "too_many_pages");
  });

  it("an object nested 10,000 levels deep, written by hand → too_complex", TIMEOUT, async () => {
    await expectProblem(deeplyNestedPdf(10_000), "too_complex");
    expect(inspectPdf(deeplyNestedPdf(40)).ok).toBe(true);
  });

  it("a stream declaring a 200 MB /Length → too_large", TIMEOUT, async () => {
    await expectProblem(hugeDeclaredStreamPdf(200 * 1024 * 1024), "too_large");
  });

  it("a file over the size limit → too_large", TIMEOUT, async () => {
    await expectProblem(form, "too_large", { maxBytes: 10_000 });
  });

  it("an object stream that inflates past the limit (decompression bomb) → too_large", TIMEOUT, async () => {
    await expectProblem(objectStreamBombPdf(8 * 1024 * 1024), "too_large", { maxDecodedBytes: 1024 * 1024 });
  });

  it("a cross-reference stream declaring two billion entries → too_complex", TIMEOUT, async () => {
    await expectProblem(hugeXrefStreamPdf(), "too_complex");
  });

  it("more objects than the limit → too_complex", TIMEOUT, async () => {
    await expectProblem(form, "too_complex", { maxObjects: 50 });
  });

  it("a cyclic page tree: flattening fails fast with corrupt", TIMEOUT, async () => {
    expect(inspectPdf(cyclicPageTreePdf()).ok).toBe(true);
    const error = await flattenToPdfA(cyclicPageTreePdf(), { now: new Date("2025-04-01T00:00:00Z") }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as PdfProblemError).code).toBe("corrupt");
  });

  it("a megabyte of stray delimiters is skipped without recursion", TIMEOUT, () => {
    const bytes = concatBytes("%PDF-1.7\n", ")>".repeat(512 * 1024), "\n%%EOF\n");
    expect(inspectPdf(bytes)).toMatchObject({
      ok: false,
      problem: { code: "corrupt", message: "The PDF is damaged: it contains no objects." },
    });
  });

  it("random bytes after a valid header never throw anything but a typed problem", TIMEOUT, async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let n = 0; n < 20; n++) {
      const body = Uint8Array.from({ length: 2000 }, () => Math.floor(random() * 256));
      const bytes = concatBytes("%PDF-1.7\n", body, "\n%%EOF\n");
      const error = await readFormFields(bytes).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PdfProblemError);
    }
  });

  it("every problem code has a recommended error code for both endpoints", () => {
    for (const mapping of Object.values(RECOMMENDED_ERROR_CODES)) {
      expect(mapping.extract).toMatch(/^SVC_VAL_00[35]$/);
      expect(mapping.flatten).toMatch(/^SVC_FLAT_/);
    }
    expect(RECOMMENDED_ERROR_CODES.not_pdf.extract).toBe("SVC_VAL_003");
    expect(RECOMMENDED_ERROR_CODES.corrupt.extract).toBe("SVC_VAL_005");
  });
});
