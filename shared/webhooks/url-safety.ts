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

import ipaddr from "ipaddr.js";

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

/**
 * Our own table, not ipaddr.js's `range()`: the refusal messages name these classes, and IPv6 addresses that
 * embed an IPv4 address must be judged by that address (its `range()` says only "ipv4Mapped", "6to4"…).
 * First match wins.
 */
const V4_CLASSES: [cidr: string, cls: AddressClass][] = [
  ["0.0.0.0/8", "unspecified"],
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "shared (CGNAT)"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link-local"],
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "reserved"],
  ["192.0.2.0/24", "documentation"],
  ["192.88.99.0/24", "reserved"],
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"],
];

/** The IPv4 address an IPv6 block carries, as the index of the first of its two 16-bit words. */
type EmbedsIPv4 = { ipv4AtWord: number };

const V6_CLASSES: [cidr: string, cls: AddressClass | EmbedsIPv4][] = [
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  // IPv4-mapped and NAT64 reach the IPv4 address in their last 32 bits; 6to4 carries it in bits 16–48.
  ["::ffff:0:0/96", { ipv4AtWord: 6 }],
  ["64:ff9b::/96", { ipv4AtWord: 6 }],
  ["2002::/16", { ipv4AtWord: 1 }],
  ["fc00::/7", "unique-local"],
  ["fe80::/10", "link-local"],
  ["ff00::/8", "multicast"],
  // The special blocks inside global unicast come before it.
  ["2001:db8::/32", "documentation"],
  ["3fff::/20", "documentation"],
  ["2001:2::/48", "benchmarking"],
  ["2001::/32", "reserved"], // Teredo
  ["2001:10::/28", "reserved"], // ORCHID
  ["2001:20::/28", "reserved"], // ORCHIDv2
  // Only global unicast is public; everything not listed is reserved.
  ["2000::/3", "public"],
];

const V4_TABLE = V4_CLASSES.map(([cidr, cls]) => [ipaddr.IPv4.parseCIDR(cidr), cls] as const);
const V6_TABLE = V6_CLASSES.map(([cidr, cls]) => [ipaddr.IPv6.parseCIDR(cidr), cls] as const);

function classifyIPv4(addr: ipaddr.IPv4): AddressClass {
  return V4_TABLE.find(([range]) => addr.match(range))?.[1] ?? "public";
}

function classifyIPv6(addr: ipaddr.IPv6): AddressClass {
  const cls = V6_TABLE.find(([range]) => addr.match(range))?.[1] ?? "reserved";
  if (typeof cls === "string") return cls;
  const [hi, lo] = addr.parts.slice(cls.ipv4AtWord, cls.ipv4AtWord + 2);
  return classifyIPv4(new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]));
}

/**
 * IPv6 text (brackets, any zone id, an embedded dotted quad) for ipaddr.js, or null. The zone is cut here
 * because ipaddr.js takes only `%[0-9a-z]+` (a resolver may give `%eth0.100`). The dotted quad is held to
 * the strict IPv4 rule and written as two hex words: ipaddr.js would take `01.2.3.4` or `0x7f.0.0.1` there,
 * and would read `::a.b.c.d` (IPv4-compatible, deprecated: reserved) as IPv4-mapped `::ffff:a.b.c.d`.
 */
function ipv6Text(text: string): string | null {
  let s = text.replace(/^\[|\]$/g, "");
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(".")) return s;
  const i = s.lastIndexOf(":");
  const quad = s.slice(i + 1);
  if (i < 0 || !ipaddr.IPv4.isValidFourPartDecimal(quad)) return null;
  const [a, b, c, d] = ipaddr.IPv4.parse(quad).octets;
  return `${s.slice(0, i + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** The class of a literal address (v4 or v6), or null when the text is not an IP address. */
export function classifyAddress(text: string): AddressClass | null {
  // Dotted quads only: ipaddr.js's parse also takes `127.1`, `0x7f.0.0.1` and `2130706433`, which a resolver
  // never returns; the URL parser has already turned such host spellings into dotted quads.
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return classifyIPv4(ipaddr.IPv4.parse(text));
  if (!text.includes(":")) return null;
  const v6 = ipv6Text(text);
  return v6 !== null && ipaddr.IPv6.isValid(v6) ? classifyIPv6(ipaddr.IPv6.parse(v6)) : null;
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
