// npx tds-verify <file.pdf|credential.jwt> [--did <did.json>] [--status-list <file.jwt>]… [--json]
// Verifies a document's credential without the issuer's database (docs/verification.md):
//   online (default): resolves the issuer's did:web DID document and fetches the status list;
//   offline (--did): the DID document from a file; the status check needs --status-list (a copy of
//   the credential's statusListCredential), else it is reported as not checked.
// Exit code: 0 all three checks passed, 1 a check failed, 2 integrity and issuer passed but the status
// was not checked (offline without a status list), 64 usage.
import { readFile } from "node:fs/promises";
import { decodeProtectedHeader } from "jose";
import { networkResolver, NotAvailableOffline, type Resolver, verifyCredentialJwt } from "../shared/credentials/verify-credential.ts";
import type { DidDocument } from "../shared/credentials/did-web.ts";
import { readPdfCredential } from "../shared/credentials/read-pdf-credential.ts";

const USAGE = "usage: tds-verify <file.pdf|credential.jwt> [--did <did.json>] [--status-list <list.jwt>]... [--json]";

function parseArgs(argv: string[]) {
  const out = { file: "", did: "", statusLists: [] as string[], json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--did") out.did = argv[++i] ?? "";
    else if (a === "--status-list") out.statusLists.push(argv[++i] ?? "");
    else if (a === "--json") out.json = true;
    else if (a === "-h" || a === "--help") {
      console.log(USAGE);
      process.exit(0);
    } else if (!out.file && !a.startsWith("--")) out.file = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!out.file) throw new Error("no file given");
  return out;
}

async function offlineResolver(didFile: string, statusFiles: string[]): Promise<Resolver> {
  const doc = JSON.parse(await readFile(didFile, "utf8")) as DidDocument;
  const lists = new Map<string, string>();
  for (const f of statusFiles) {
    const jwt = (await readFile(f, "utf8")).trim();
    const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as { id?: string };
    if (payload.id) lists.set(payload.id, jwt);
  }
  return {
    async didDocument(did) {
      if (doc.id !== did) throw new Error(`${didFile} is the DID document of ${doc.id}, not of ${did}`);
      return doc;
    },
    async statusList(url) {
      const jwt = lists.get(url);
      if (!jwt) throw new NotAvailableOffline(`not checked: offline, and no --status-list copy of ${url} was given`);
      return jwt;
    },
  };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`tds-verify: ${(e as Error).message}\n${USAGE}`);
    return 64;
  }
  const bytes = new Uint8Array(await readFile(args.file));
  const isPdf = new TextDecoder().decode(bytes.slice(0, 5)) === "%PDF-";
  // A PDF: its embedded credential.jwt, or (the PDF/A-2b copy) the credential in its XMP metadata.
  const found = isPdf ? await readPdfCredential(bytes) : { jwt: new TextDecoder().decode(bytes).trim(), source: null };
  const jwt = found?.jwt;
  if (!jwt) {
    console.error(
      `tds-verify: ${args.file} carries no credential (no embedded credential.jwt, no tdsvc:credential in its XMP metadata): documents generated before credentials were issued are checked by their hash at the verification page`,
    );
    return 1;
  }
  const resolver = args.did ? await offlineResolver(args.did, args.statusLists) : networkResolver();
  const outcome = await verifyCredentialJwt(jwt, resolver);
  const failed = outcome.checks.filter((c) => !c.passed && !c.skipped);
  const code = failed.length > 0 ? 1 : outcome.verified ? 0 : 2;
  if (args.json) {
    console.log(
      JSON.stringify(
        {
          file: args.file,
          source: found?.source ?? null,
          verified: outcome.verified,
          checks: outcome.checks,
          credential: outcome.credential,
        },
        null,
        2,
      ),
    );
    return code;
  }
  const subject = (outcome.credential?.credentialSubject ?? {}) as Record<string, unknown>;
  let kid = "";
  try {
    kid = decodeProtectedHeader(jwt).kid ?? "";
  } catch {
    /* reported by the checks */
  }
  const where =
    found?.source === "embedded file"
      ? "embedded credential.jwt"
      : found?.source === "XMP metadata"
        ? "credential in the XMP metadata"
        : "";
  console.log(`${args.file}${where ? ` (${where})` : ""}`);
  if (outcome.credential) {
    console.log(`  credential  ${String(outcome.credential.id)}`);
    console.log(`  document    ${String(subject.documentType)}  hash ${String(subject.validationHash)}`);
    console.log(`  signed by   ${kid}  on ${String(outcome.credential.validFrom)}`);
  }
  for (const c of outcome.checks) console.log(`  ${c.passed ? "PASS" : c.skipped ? "SKIP" : "FAIL"}  ${c.check.padEnd(9)} ${c.detail}`);
  console.log(code === 0 ? "VERIFIED" : code === 2 ? "NOT FULLY VERIFIED (status not checked)" : "NOT VERIFIED");
  return code;
}

process.exitCode = await main();
