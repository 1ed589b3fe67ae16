import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipSync } from "fflate";
import { hasSharedData, officialBytes, startSourceServer, sharedDataName } from "../../support/reference-source-server.ts";
import { downloadSourceFile } from "../../../shared/reference/refresh/download-source.ts";
import { parseDownloadedTable } from "../../../shared/reference/refresh/parse-downloads.ts";
import { SOURCE_DEFAULTS, UNLOCODE_RELEASE } from "../../../shared/runtime/config/reference-sources.ts";

// UNECE's production release as its publications page links it (checked 2026-11-26, docs/reference-data.md):
// a GitLab CI artifact of the release tag, answered by a redirect to the job's artifact, a zip whose entries
// carry no release name ("release/csv/UNLOCODE CodeListPart1.csv"). Served here by a local publisher.
describe.runIf(hasSharedData)(sharedDataName("UN/LOCODE production release from its documented address"), () => {
  let server: Awaited<ReturnType<typeof startSourceServer>>;
  const releasePath = `/un/unece/uncefact/vocab-locode/-/jobs/artifacts/${UNLOCODE_RELEASE}/download`;
  beforeAll(async () => {
    server = await startSourceServer();
    const parts = ["Part1", "Part2", "Part3"].map((p) => officialBytes(`unlocode/official_2025-1_UNLOCODE_CodeList${p}.csv.gz`));
    const zip = zipSync(Object.fromEntries(parts.map((p, i) => [`release/csv/UNLOCODE CodeListPart${i + 1}.csv`, p])));
    server.files.set(releasePath, {
      status: 302,
      headers: { location: "/un/unece/uncefact/vocab-locode/-/jobs/12335/artifacts/download" },
    });
    server.files.set("/un/unece/uncefact/vocab-locode/-/jobs/12335/artifacts/download", {
      body: zip,
      headers: { "content-type": "application/zip", "last-modified": "Fri, 08 May 2026 10:00:00 GMT" },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("the default address is the release tag's artifact; the release is read from the address", async () => {
    const [source] = SOURCE_DEFAULTS.port_codes.files;
    expect(source.url).toBe(
      `https://opensource.unicc.org/un/unece/uncefact/vocab-locode/-/jobs/artifacts/${UNLOCODE_RELEASE}/download?job=package-release`,
    );
    const local = { ...source, url: source.url.replace("https://opensource.unicc.org", server.base) };
    const downloaded = await downloadSourceFile(local, { timeoutMs: 20_000 });
    expect(downloaded).not.toBeNull();
    expect(downloaded!.lastModified).toBe("2026-05-08T10:00:00.000Z");
    const parsed = await parseDownloadedTable("port_codes", [downloaded!]);
    expect(parsed.rows).toHaveLength(116_074);
    expect(parsed.vintage).toBe("UN/LOCODE 2025-1");
  });
});
