// npm run credentials:rotate-key — a new key signs the documents' credentials; earlier keys stay
// published in did.json (public part only) so that what they signed stays verifiable.
//   local development (TDS_CREDENTIAL_KEYS unset): rotates <TDS_DATA_DIR>/credential-keys.json;
//     restart the server to sign with the new key.
//   a deployment (TDS_CREDENTIAL_KEYS set), or --print: prints the new value of TDS_CREDENTIAL_KEYS
//     (set it as the secret, then restart / redeploy); nothing is written.
import { ConfigError, parseConfig, readConfigEnvironment } from "../shared/runtime/config.ts";
import {
  generateCredentialKey,
  rotateKeySet,
  rotateLocalKeyFile,
  thumbprintOf,
  type CredentialKeySet,
} from "../shared/credentials/credential-keys.ts";
import type { JWK } from "jose";

const print = process.argv.includes("--print");
let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig(readConfigEnvironment());
} catch (e) {
  for (const line of e instanceof ConfigError ? e.problems : [(e as Error).message]) console.error(line);
  process.exit(1);
}
const current: CredentialKeySet | null = config.credentialKeys ? { keys: config.credentialKeys.keys as JWK[] } : null;

if (print || current) {
  const next = rotateKeySet(current, await generateCredentialKey());
  console.error(
    `New signing key ${await thumbprintOf(next.keys[0])}${current ? ` (earlier keys kept: ${next.keys.length - 1})` : ""}. Set this as TDS_CREDENTIAL_KEYS (a secret), then restart:`,
  );
  console.log(JSON.stringify(next));
} else {
  const next = await rotateLocalKeyFile(config.dataDir);
  console.log(
    `Rotated ${config.dataDir}/credential-keys.json: new signing key ${await thumbprintOf(next.keys[0])}, ${next.keys.length - 1} earlier key(s) kept in did.json. Restart the server to sign with it.`,
  );
}
