/**
 * The script of the verification page that checks each signed credential in the visitor's browser,
 * with nothing but Web Crypto and the issuer's public files, the three checks of verify-credential.ts:
 *   integrity  the ES256 signature over the JWS, with the key the header's kid names;
 *   issuer     the kid is an assertionMethod key of the issuer's did:web DID document, fetched from the
 *              DID's own host (the page's host: the CSP allows no other);
 *   status     the Bitstring Status List credential, itself signed by the issuer and not expired, does
 *              not have the credential's bit set (gunzip with DecompressionStream).
 * The same checks run on a PDF the visitor picks (read in the browser, never sent anywhere): the credential
 * in its XMP metadata (the PDF/A-2b copy) or its embedded file credential.jwt (the generated document).
 * Every text it writes goes through textContent: nothing fetched is ever parsed as HTML.
 */
export const CREDENTIAL_CHECK_SCRIPT = `(() => {
  "use strict";
  const b64u = (s) => {
    const t = s.replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(t + "===".slice((t.length + 3) % 4)), (c) => c.charCodeAt(0));
  };
  const part = (jwt, i) => JSON.parse(new TextDecoder().decode(b64u(jwt.split(".")[i] || "")));
  const get = async (url, accept) => {
    const res = await fetch(url, { headers: { accept }, credentials: "omit" });
    if (!res.ok) throw new Error(url + " answered " + res.status);
    return res;
  };
  const didUrl = (did) => {
    const m = /^did:web:([^:#?/]+)((?::[^:#?/]+)*)$/.exec(did || "");
    if (!m) throw new Error((did || "(none)") + " is not a did:web DID");
    const host = decodeURIComponent(m[1]);
    const path = m[2] ? m[2].slice(1).split(":").map(decodeURIComponent).join("/") + "/did.json" : ".well-known/did.json";
    return location.protocol + "//" + host + "/" + path;
  };
  const assertionKey = (doc, kid) => {
    const listed = (doc.assertionMethod || []).map((m) => (typeof m === "string" ? m : m && m.id));
    if (!listed.includes(kid)) return null;
    const method = (doc.verificationMethod || []).find((m) => m.id === kid);
    return method ? method.publicKeyJwk : null;
  };
  const verifyJws = async (jwt, jwk) => {
    const [h, p, s] = jwt.split(".");
    if (part(jwt, 0).alg !== "ES256") throw new Error("unsupported algorithm " + part(jwt, 0).alg);
    const key = await crypto.subtle.importKey("jwk", { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y }, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    return crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, b64u(s), new TextEncoder().encode(h + "." + p));
  };
  const gunzip = async (bytes) => new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());

  const show = (box, check, passed, detail) => {
    const row = box.querySelector('[data-check="' + check + '"]');
    row.dataset.state = passed ? "passed" : "failed";
    row.querySelector(".mark").textContent = passed ? "✓" : "✕";
    row.querySelector(".detail").textContent = detail;
  };

  async function check(box) {
    let jwt;
    try {
      jwt = (await (await get(box.dataset.credential, "application/vc+jwt")).text()).trim();
    } catch (e) {
      return unreadable(box, e);
    }
    return checkJwt(box, jwt);
  }

  function unreadable(box, e) {
    for (const c of ["integrity", "issuer", "status"]) show(box, c, false, "The credential could not be read: " + e.message);
    summarise(box, {});
  }

  async function checkJwt(box, jwt) {
    const hash = box.dataset.hash;
    let header, vc, doc = null;
    const results = {};
    const record = (c, ok, detail) => { results[c] = ok; show(box, c, ok, detail); };
    try {
      header = part(jwt, 0);
      vc = part(jwt, 1);
    } catch (e) {
      return unreadable(box, e);
    }
    const issuer = typeof vc.issuer === "string" ? vc.issuer : vc.issuer && vc.issuer.id;
    try {
      if (!header.kid || header.kid.split("#")[0] !== issuer) throw new Error("the signing key is not one of the issuer's");
      doc = await (await get(didUrl(issuer), "application/did+json, application/json")).json();
      if (doc.id !== issuer) throw new Error("the DID document is that of " + doc.id);
      if (!assertionKey(doc, header.kid)) throw new Error("the signing key is not listed in the issuer's DID document");
      record("issuer", true, "Signed by " + issuer + ", with a key its DID document lists for issuing credentials.");
    } catch (e) {
      record("issuer", false, e.message);
    }
    try {
      if (!window.isSecureContext || !crypto.subtle) throw new Error("this browser cannot check signatures on an address without HTTPS");
      if (header.typ !== "vc+jwt") throw new Error("not a vc+jwt credential");
      if (!doc) throw new Error("no issuer key to check the signature with");
      const ok = await verifyJws(jwt, assertionKey(doc, header.kid));
      if (!ok) throw new Error("the signature does not match: the credential was changed after it was signed");
      const subject = vc.credentialSubject || {};
      if (subject.validationHash !== hash) throw new Error("the credential is for another hash (" + subject.validationHash + ")");
      record("integrity", true, "The signature matches: the data is exactly what the issuer signed, with this hash.");
    } catch (e) {
      record("integrity", false, e.message);
    }
    try {
      const entry = vc.credentialStatus || {};
      if (entry.type !== "BitstringStatusListEntry") throw new Error("the credential names no status list");
      const listJwt = (await (await get(entry.statusListCredential, "application/vc+jwt")).text()).trim();
      const listHeader = part(listJwt, 0);
      const list = part(listJwt, 1);
      if (!doc || listHeader.kid.split("#")[0] !== issuer) throw new Error("the status list is not signed by the issuer");
      const key = assertionKey(doc, listHeader.kid);
      if (!key || !(await verifyJws(listJwt, key))) throw new Error("the status list's signature does not match");
      if (list.validUntil && new Date(list.validUntil) < new Date()) throw new Error("the status list has expired");
      const encoded = (list.credentialSubject || {}).encodedList || "";
      if (encoded[0] !== "u") throw new Error("the status list is not encoded as expected");
      const bits = await gunzip(b64u(encoded.slice(1)));
      const i = Number(entry.statusListIndex);
      if (!(i >= 0 && i < bits.length * 8)) throw new Error("the status index is outside the list");
      const revoked = (bits[i >> 3] & (0x80 >> (i & 7))) !== 0;
      record("status", !revoked, revoked ? "Revoked by the issuer: this document was withdrawn or replaced." : "Not revoked (status list checked now).");
    } catch (e) {
      record("status", false, e.message);
    }
    summarise(box, results);
  }

  function summarise(box, results) {
    const passed = ["integrity", "status", "issuer"].filter((c) => results[c]).length;
    const summary = box.querySelector(".summary");
    summary.textContent = passed === 3 ? "All three checks passed." : passed + " of 3 checks passed.";
    box.dataset.state = passed === 3 ? "passed" : "failed";
  }

  for (const box of document.querySelectorAll("[data-credential]")) check(box).catch((e) => summarise(box, {}));

  // A PDF the visitor has, read in the browser (never uploaded): the credential of the PDF/A-2b copy is in
  // its XMP metadata (unfiltered, tdsvc:credential); a generated document carries it as the embedded file
  // credential.jwt (a FlateDecode stream of MIME type application/vc+jwt). Then the same three checks.
  const latin1 = (bytes) => { let s = ""; for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192)); return s; };
  const JWS = /^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$/;
  const fromXmp = (text) => {
    const ns = "urn:trade-document-service:xmp:credential:1.0#";
    for (const m of text.matchAll(/xmlns:([A-Za-z_][\\w.-]*)\\s*=\\s*["']([^"']*)["']/g)) {
      if (m[2] !== ns) continue;
      const el = new RegExp("<" + m[1] + ":credential>\\\\s*([^<]*?)\\\\s*</" + m[1] + ":credential>").exec(text);
      if (el && JWS.test(el[1])) return el[1];
    }
    return null;
  };
  const inflate = async (bytes) => new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer());
  const fromEmbeddedFile = async (bytes, text) => {
    for (const m of text.matchAll(/\\/Subtype\\s*\\/application#2Fvc\\+jwt/g)) {
      const start = text.lastIndexOf("obj", m.index);
      const keyword = /stream\\r?\\n/g;
      keyword.lastIndex = m.index;
      const s = keyword.exec(text);
      if (start < 0 || !s) continue;
      const dict = text.slice(start, s.index);
      const length = /\\/Length\\s+(\\d+)(\\s+\\d+\\s+R)?/.exec(dict);
      const from = s.index + s[0].length;
      const to = length && !length[2] ? from + Number(length[1]) : text.indexOf("endstream", from);
      let data = bytes.subarray(from, to);
      if (/\\/Filter\\s*\\/FlateDecode/.test(dict)) data = await inflate(data);
      const jwt = new TextDecoder().decode(data).trim();
      if (JWS.test(jwt)) return jwt;
    }
    return null;
  };
  for (const box of document.querySelectorAll("[data-file-check]")) {
    const input = box.querySelector("input[type=file]");
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      box.dataset.state = "pending";
      for (const row of box.querySelectorAll("[data-check]")) { row.dataset.state = "pending"; row.querySelector(".mark").textContent = "…"; row.querySelector(".detail").textContent = "Checking…"; }
      const where = box.querySelector(".source");
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const text = latin1(bytes);
        if (!text.startsWith("%PDF-")) throw new Error("this file is not a PDF");
        let jwt = await fromEmbeddedFile(bytes, text);
        where.textContent = jwt ? "Found in the PDF as its embedded file credential.jwt." : "";
        if (!jwt) {
          jwt = fromXmp(text);
          where.textContent = jwt ? "Found in the PDF's XMP metadata (its PDF/A-2b archival copy)." : "";
        }
        if (!jwt) throw new Error("this PDF carries no credential (no embedded credential.jwt, nothing in its XMP metadata)");
        await checkJwt(box, jwt);
      } catch (e) {
        where.textContent = "";
        unreadable(box, e);
      }
    });
  }
})();`;
