/**
 * SSRF protection for webhook addresses.
 *
 * - At creation and change: the URL must be http(s) without credentials; a literal IP (IPv4, IPv6,
 *   IPv4-mapped IPv6, NAT64, 6to4, and the odd IPv4 spellings the URL parser normalises such as
 *   `http://2130706433/`) must be a public unicast address, and `localhost` names are refused.
 * - At delivery: host names are resolved and every address must be public; otherwise the attempt is
 *   not made (outcome `blocked_address`).
 * `TDS_WEBHOOKS_ALLOW_PRIVATE=true` (local development) turns both checks off.
 *
 * Plain http:// needs TDS_WEBHOOKS_ALLOW_HTTP=true (or ALLOW_PRIVATE): fetch() cannot connect to the
 * address we checked, it resolves the name again, so a DNS-rebinding name could switch to a private
 * address in between. Over https that switch gains nothing: the private server cannot present a
 * certificate valid for the attacker's name, so the TLS handshake fails before a request is sent.
 */

export type AddressClass =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "shared (CGNAT)"
  | "multicast"
  | "reserved"
  | "documentation"
  | "benchmarking"
  | "unique-local";

type Range4 = [base: number, bits: number, cls: AddressClass];

const V4_RANGES: Range4[] = [
  [ip4(0, 0, 0, 0), 8, "unspecified"],
  [ip4(10, 0, 0, 0), 8, "private"],
  [ip4(100, 64, 0, 0), 10, "shared (CGNAT)"],
  [ip4(127, 0, 0, 0), 8, "loopback"],
  [ip4(169, 254, 0, 0), 16, "link-local"],
  [ip4(172, 16, 0, 0), 12, "private"],
  [ip4(192, 0, 0, 0), 24, "reserved"],
  [ip4(192, 0, 2, 0), 24, "documentation"],
  [ip4(192, 88, 99, 0), 24, "reserved"],
  [ip4(192, 168, 0, 0), 16, "private"],
  [ip4(198, 18, 0, 0), 15, "benchmarking"],
  [ip4(198, 51, 100, 0), 24, "documentation"],
  [ip4(203, 0, 113, 0), 24, "documentation"],
  [ip4(224, 0, 0, 0), 4, "multicast"],
  [ip4(240, 0, 0, 0), 4, "reserved"],
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
}

/** Dotted-quad IPv4 to a 32-bit number, or null. */
export function parseIPv4(text: string): number | null {
  const m = text.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (!m) return null;
  const o = m.slice(1).map(Number);
  if (o.some((x, i) => x > 255 || (m[i + 1].length > 1 && m[i + 1].startsWith("0")))) return null;
  return ip4(o[0], o[1], o[2], o[3]);
}

/** IPv6 text (with `::`, an embedded dotted quad, an optional zone) to eight 16-bit words, or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, "");
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return null;
  let tail: number[] = [];
  if (s.includes(".")) {
    // An embedded dotted quad stands for the last two words.
    const i = s.lastIndexOf(":");
    const v4 = i < 0 ? null : parseIPv4(s.slice(i + 1));
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    s = s.slice(0, i + 1);
    if (!s.endsWith("::")) s = s.slice(0, -1);
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const words = (part: string) => (part === "" ? [] : part.split(":"));
  const head = words(halves[0]);
  const rest = halves.length === 2 ? words(halves[1]) : [];
  if ([...head, ...rest].some((w) => !/^[0-9a-fA-F]{1,4}$/.test(w))) return null;
  const explicit = head.length + rest.length + tail.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  const zeros = new Array(8 - explicit).fill(0);
  return [...head.map((w) => parseInt(w, 16)), ...(halves.length === 2 ? zeros : []), ...rest.map((w) => parseInt(w, 16)), ...tail];
}

export function classifyIPv4(addr: number): AddressClass {
  for (const [base, bits, cls] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((addr & mask) >>> 0 === base) return cls;
  }
  return "public";
}

function prefixMatches(w: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((w[i] & mask) !== (prefix[i] & mask)) return false;
  }
  return true;
}

export function classifyIPv6(w: number[]): AddressClass {
  const embedded = (hi: number, lo: number) => classifyIPv4(((hi << 16) >>> 0) + lo);
  if (w.every((x) => x === 0)) return "unspecified";
  if (w.slice(0, 7).every((x) => x === 0) && w[7] === 1) return "loopback";
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the embedded IPv4 address.
  if (prefixMatches(w, [0, 0, 0, 0, 0, 0xffff, 0, 0], 96)) return embedded(w[6], w[7]);
  if (prefixMatches(w, [0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96)) return embedded(w[6], w[7]);
  // 6to4 carries the IPv4 address in bits 16–48.
  if (prefixMatches(w, [0x2002, 0, 0, 0, 0, 0, 0, 0], 16)) return embedded(w[1], w[2]);
  if (prefixMatches(w, [0xfc00, 0, 0, 0, 0, 0, 0, 0], 7)) return "unique-local";
  if (prefixMatches(w, [0xfe80, 0, 0, 0, 0, 0, 0, 0], 10)) return "link-local";
  if (prefixMatches(w, [0xff00, 0, 0, 0, 0, 0, 0, 0], 8)) return "multicast";
  // Only global unicast (2000::/3) is public, minus its special blocks.
  if (!prefixMatches(w, [0x2000, 0, 0, 0, 0, 0, 0, 0], 3)) return "reserved";
  if (prefixMatches(w, [0x2001, 0x0db8, 0, 0, 0, 0, 0, 0], 32)) return "documentation";
  if (prefixMatches(w, [0x3fff, 0, 0, 0, 0, 0, 0, 0], 20)) return "documentation";
  if (prefixMatches(w, [0x2001, 0x0002, 0, 0, 0, 0, 0, 0], 48)) return "benchmarking";
  if (prefixMatches(w, [0x2001, 0, 0, 0, 0, 0, 0, 0], 32)) return "reserved"; // Teredo
  if (prefixMatches(w, [0x2001, 0x0010, 0, 0, 0, 0, 0, 0], 28)) return "reserved"; // ORCHID
  if (prefixMatches(w, [0x2001, 0x0020, 0, 0, 0, 0, 0, 0], 28)) return "reserved"; // ORCHIDv2
  return "public";
}

/** The class of a literal address (v4 or v6), or null when the text is not an IP address. */
export function classifyAddress(text: string): AddressClass | null {
  const v4 = parseIPv4(text);
  if (v4 !== null) return classifyIPv4(v4);
  const v6 = text.includes(":") ? parseIPv6(text) : null;
  return v6 ? classifyIPv6(v6) : null;
}

export interface UrlPolicy {
  allowPrivate: boolean;
  allowHttp: boolean;
}

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** Checks a subscription URL when it is created or changed; returns it normalised (fragment removed). */
export function checkWebhookUrl(input: string, policy: UrlPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: "not an absolute URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "only http and https URLs can receive webhooks" };
  if (url.username || url.password) return { ok: false, reason: "URLs with credentials (user:password@) are not accepted" };
  url.hash = "";
  if (!policy.allowPrivate) {
    const host = hostOf(url);
    const cls = classifyAddress(host);
    if (cls !== null && cls !== "public") return { ok: false, reason: `the address ${host} is ${cls}, not a public address` };
    if (host === "localhost" || host.endsWith(".localhost")) return { ok: false, reason: `${host} is a loopback name` };
  }
  if (url.protocol === "http:" && !policy.allowHttp && !policy.allowPrivate) {
    return { ok: false, reason: "webhook URLs must use https (TDS_WEBHOOKS_ALLOW_HTTP=true allows plain http)" };
  }
  return { ok: true, url: url.href };
}

export type Resolver = (host: string) => Promise<string[]>;

const DNS_FAILURES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL", "ENODATA", "ESERVFAIL", "ETIMEOUT", "ECONNREFUSED"]);
type DenoDns = { resolveDns?: (host: string, type: "A" | "AAAA") => Promise<string[]> };

/**
 * Every address the system resolver (getaddrinfo, as fetch uses it) gives for the name, A and AAAA.
 * Where node:dns is not implemented but Deno.resolveDns is (some edge runtimes), that is asked instead;
 * it queries DNS servers directly and does not read /etc/hosts.
 */
export const systemResolver: Resolver = async (host) => {
  try {
    // Loaded on first use, so that modules importing this one load even where node:dns is missing.
    const { lookup } = await import("node:dns/promises");
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const deno = (globalThis as { Deno?: DenoDns }).Deno;
    if ((code && DNS_FAILURES.has(code)) || typeof deno?.resolveDns !== "function") throw e;
    const answers = await Promise.allSettled([deno.resolveDns(host, "A"), deno.resolveDns(host, "AAAA")]);
    const addresses = answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []));
    if (addresses.length === 0) throw e;
    return addresses;
  }
};

export type TargetCheck = { ok: true; addresses: string[] } | { ok: false; reason: string; outcome: "blocked_address" | "network_error" };

/**
 * The delivery-time check: the URL rules again (settings may have changed since creation), then the
 * resolved addresses of a host name. Resolution failures fail the attempt (it is retried).
 */
export async function checkDeliveryTarget(target: string, policy: UrlPolicy, resolve: Resolver = systemResolver): Promise<TargetCheck> {
  const checked = checkWebhookUrl(target, policy);
  if (!checked.ok) return { ok: false, reason: checked.reason, outcome: "blocked_address" };
  if (policy.allowPrivate) return { ok: true, addresses: [] };
  const host = hostOf(new URL(checked.url));
  if (classifyAddress(host) !== null) return { ok: true, addresses: [host] };
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (e) {
    return { ok: false, reason: `could not resolve ${host}: ${e instanceof Error ? e.message : String(e)}`, outcome: "network_error" };
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} has no addresses`, outcome: "network_error" };
  for (const a of addresses) {
    const cls = classifyAddress(a);
    if (cls !== "public")
      return {
        ok: false,
        reason: `${host} resolves to ${a} (${cls ?? "not an IP address"}), not a public address`,
        outcome: "blocked_address",
      };
  }
  return { ok: true, addresses };
}
