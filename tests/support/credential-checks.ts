/**
 * Checks of issued credentials by implementations other than ours: Debian's python3 PyJWT and
 * jwcrypto over the JWS, ajv over the JSON Schemas, jsonld's safe-mode expansion with offline
 * contexts only (the W3C VC 2.0 and UNTP DCC copies in ../shared/data, and our own context as served).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import jsonld from "jsonld";
import { sharedDataFile } from "./shared-data.ts";

/** Debian's interpreter, where python3-jwt and python3-jwcrypto are installed (not a pyenv shim). */
export const DEBIAN_PYTHON = "/usr/bin/python3";

const PYTHON_CHECK = `
import json, sys
import jwt
from jwt.algorithms import ECAlgorithm
from jwcrypto import jwk as jwk_mod, jws as jws_mod
token = sys.stdin.read().strip()
key_json = sys.argv[1]
out = {}
try:
    key = ECAlgorithm.from_jwk(key_json)
    decoded = jwt.api_jws.PyJWS().decode_complete(token, key=key, algorithms=["ES256"])
    out["pyjwt"] = {"ok": True, "header": decoded["header"], "payload": json.loads(decoded["payload"])}
except Exception as e:
    out["pyjwt"] = {"ok": False, "error": repr(e)}
try:
    s = jws_mod.JWS()
    s.deserialize(token)
    s.verify(jwk_mod.JWK.from_json(key_json), alg="ES256")
    out["jwcrypto"] = {"ok": True, "header": s.jose_header}
except Exception as e:
    out["jwcrypto"] = {"ok": False, "error": repr(e)}
print(json.dumps(out))
`;

export interface PythonVerdict {
  pyjwt: { ok: boolean; header?: Record<string, unknown>; payload?: Record<string, unknown>; error?: string };
  jwcrypto: { ok: boolean; header?: Record<string, unknown>; error?: string };
}

export function verifyWithPython(jwt: string, publicJwk: object): PythonVerdict {
  const r = spawnSync(DEBIAN_PYTHON, ["-c", PYTHON_CHECK, JSON.stringify(publicJwk)], { input: jwt, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as PythonVerdict;
}

const readJson = (rel: string) => JSON.parse(readFileSync(sharedDataFile(rel), "utf8")) as Record<string, unknown>;

export const VC_SCHEMA = () => readJson("untp/w3c-vc-2.0/verifiable-credential-schema.json");
export const DCC_SCHEMA = () => readJson("untp/untp-dcc-0.6.1/untp-dcc-schema.json");

/** ajv (2020-12, as the schemas declare); formats checked by simple patterns of our own. */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addFormat("uri", /^[a-z][a-z0-9+.-]*:[^\s]*$/i);
  ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
  ajv.addFormat("date", /^\d{4}-\d\d-\d\d$/);
  ajv.addFormat("byte", /^[A-Za-z0-9+/]*={0,2}$/);
  return ajv;
}

/** A JSON-LD document loader that never touches the network. */
export function offlineLoader(own: Record<string, unknown>) {
  const contexts: Record<string, unknown> = {
    "https://www.w3.org/ns/credentials/v2": readJson("untp/w3c-vc-2.0/credentials-v2.jsonld"),
    "https://test.uncefact.org/vocabulary/untp/dcc/0.6.1/": readJson("untp/untp-dcc-0.6.1/context.jsonld"),
    ...own,
  };
  return async (url: string) => {
    if (!(url in contexts)) throw new Error(`offline loader: no copy of ${url}`);
    return { contextUrl: null, documentUrl: url, document: contexts[url] };
  };
}

/** Safe mode: an undefined term, a relative IRI or a dropped value is an error, not silently lost. */
export async function expandSafely(credential: unknown, loader: ReturnType<typeof offlineLoader>): Promise<unknown[]> {
  return jsonld.expand(credential, { documentLoader: loader, safe: true });
}
