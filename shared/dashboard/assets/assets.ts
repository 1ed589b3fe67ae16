import { APP_CSS } from "./app-css.ts";
import { APP_JS } from "./app-js.ts";

/** Static files of the dashboard, kept as strings (no file system needed in a bundled edge function). */
export interface Asset {
  body: string;
  type: string;
  etag: string;
}

/** FNV-1a, enough to tell versions apart in an asset address. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** An asset with its ETag (a fingerprint of the body): the core's below and the shipments pages' scripts. */
export function asset(body: string, type: string): Asset {
  return { body, type, etag: `"${fingerprint(body)}"` };
}

export const CORE_ASSETS: Record<string, Asset> = {
  "app.css": asset(APP_CSS, "text/css; charset=utf-8"),
  "app.js": asset(APP_JS, "text/javascript; charset=utf-8"),
};

/** The address of a core asset, with its version so browsers may cache it for long. */
export function assetUrl(name: keyof typeof CORE_ASSETS & string): string {
  const a = CORE_ASSETS[name];
  return `/dashboard/assets/${name}?v=${a.etag.slice(1, -1)}`;
}

/** Answers a GET for an asset (also used by the shipments pages for theirs): 304 on a matching ETag. */
export function assetResponse(a: Asset | undefined, ifNoneMatch: string | undefined): Response {
  if (!a) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const headers = {
    "content-type": a.type,
    etag: a.etag,
    "cache-control": "public, max-age=86400",
    "x-content-type-options": "nosniff",
  };
  if (ifNoneMatch === a.etag) return new Response(null, { status: 304, headers });
  return new Response(a.body, { headers });
}
