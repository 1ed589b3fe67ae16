import { describe, expect, it } from "vitest";
import { lookup } from "node:dns/promises";
import fc from "fast-check";
import { checkDeliveryTarget, checkWebhookUrl, classifyAddress, systemResolver } from "../../../shared/webhooks/url-safety.ts";

const strict = { allowPrivate: false, allowHttp: false };

describe("address classification", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "shared (CGNAT)"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.10", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "link-local"],
    ["0:0:0:0:0:ffff:10.0.0.1", "private"],
    ["64:ff9b::10.0.0.1", "private"],
    ["2002:c0a8:0101::1", "private"],
    ["fe80::1%eth0", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["::127.0.0.1", "reserved"],
    ["8.8.8.8", "public"],
    ["172.32.0.1", "public"],
    ["100.128.0.1", "public"],
    ["2606:4700:4700::1111", "public"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::8.8.8.8", "public"],
    // Every block of the table, and its edges.
    ["0.255.255.255", "unspecified"],
    ["100.127.255.255", "shared (CGNAT)"],
    ["100.63.255.255", "public"],
    ["172.15.255.255", "public"],
    ["169.253.255.255", "public"],
    ["192.0.0.8", "reserved"],
    ["192.88.99.1", "reserved"],
    ["198.19.255.255", "benchmarking"],
    ["198.20.0.0", "public"],
    ["198.51.100.1", "documentation"],
    ["203.0.113.5", "documentation"],
    ["239.255.255.255", "multicast"],
    ["240.0.0.1", "reserved"],
    ["223.255.255.255", "public"],
    ["febf::1", "link-local"],
    ["fec0::1", "reserved"],
    ["3fff::1", "documentation"],
    ["3fff:1000::1", "public"],
    ["2001:2::1", "benchmarking"],
    ["2001::1", "reserved"],
    ["2001:10::1", "reserved"],
    ["2001:20::1", "reserved"],
    ["2001:30::1", "public"],
    ["1fff:ffff::1", "reserved"],
    ["4000::1", "reserved"],
    // Embedded IPv4: judged by that address, in every spelling.
    ["::ffff:100.64.0.1", "shared (CGNAT)"],
    ["64:ff9b::192.168.0.1", "private"],
    ["2002:0808:0808::1", "public"],
    ["2002:7f00:1::", "loopback"],
    // IPv4-compatible (deprecated) and NAT64 local-use are not IPv4-mapped: reserved, not judged by the IPv4 part.
    ["::8.8.8.8", "reserved"],
    ["::10.0.0.1", "reserved"],
    ["::ffff:0:1.2.3.4", "reserved"],
    ["64:ff9b:1::8.8.8.8", "reserved"],
    // Brackets and zone ids, of any spelling a resolver gives.
    ["[2001:db8::1]", "documentation"],
    ["[::FFFF:7F00:1]", "loopback"],
    ["::ffff:7f00:1%lo", "loopback"],
    ["fe80::1%eth0.100", "link-local"],
    ["[fe80::1%25eth0]", "link-local"],
    ["1:2:3:4:5:6:7::", "reserved"],
  ])("%s is %s", (addr, cls) => {
    expect(classifyAddress(addr)).toBe(cls);
  });

  it("is not fooled by malformed text", () => {
    for (const s of ["example.com", "1.2.3", "1.2.3.256", "01.2.3.4", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", ":1.2.3.4", ""]) {
      expect(classifyAddress(s)).toBeNull();
    }
  });

  it("takes dotted quads only, also inside IPv6 (a resolver never returns other spellings; the URL parser normalises them)", () => {
    for (const s of [
      "127.1",
      "2130706433",
      "0x7f.0.0.1",
      "0177.0.0.1",
      "::ffff:01.2.3.4",
      "::ffff:0x7f.0.0.1",
      "::ffff:1.2.3",
      "[1.2.3.4]",
      " 1.2.3.4",
      "8.8.8.8 ",
    ]) {
      expect(classifyAddress(s)).toBeNull();
    }
  });

  it("gives every spelling of the same IPv6 address the same class", () => {
    const spellings = (forms: string[]) => new Set(forms.map(classifyAddress));
    expect(spellings(["::ffff:127.0.0.1", "0:0:0:0:0:ffff:7f00:0001", "::FFFF:7f00:1", "[::ffff:127.0.0.1]"])).toEqual(
      new Set(["loopback"]),
    );
    expect(spellings(["2001:db8::1", "2001:0db8:0:0:0:0:0:1", "[2001:DB8::1]", "2001:db8::0.0.0.1"])).toEqual(new Set(["documentation"]));
    expect(spellings(["1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0", "1:2:3:4:5:6:0.7.0.0"])).toEqual(new Set(["reserved"]));
  });

  it("property: an IPv6 address with a public IPv4 address embedded is public exactly where its prefix forwards to it", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, (b, c, d) => {
        const v4 = `8.${b}.${c}.${d}`;
        const hi = (0x0800 | b).toString(16);
        const lo = ((c << 8) | d).toString(16);
        for (const form of [`::ffff:${v4}`, `64:ff9b::${v4}`, `2002:${hi}:${lo}::1`]) expect(classifyAddress(form)).toBe("public");
        for (const form of [`::${v4}`, `64:ff9b:1::${v4}`, `::ffff:0:${v4}`]) expect(classifyAddress(form)).toBe("reserved");
      }),
      { numRuns: 200 },
    );
  });

  it("property: every private IPv4 address is refused in all its IPv6 disguises", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, (b, c, d) => {
        for (const v4 of [`10.${b}.${c}.${d}`, `127.${b}.${c}.${d}`, `192.168.${c}.${d}`, `169.254.${c}.${d}`]) {
          const hex = (((c << 8) | d) >>> 0).toString(16);
          const hi = v4.split(".").slice(0, 2).map(Number);
          const hiHex = ((hi[0] << 8) | hi[1]).toString(16);
          for (const form of [v4, `::ffff:${v4}`, `::ffff:${hiHex}:${hex}`, `64:ff9b::${v4}`, `2002:${hiHex}:${hex}::1`]) {
            expect(classifyAddress(form)).not.toBe("public");
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("subscription URL check", () => {
  it("accepts public https URLs and drops the fragment", () => {
    expect(checkWebhookUrl("https://hooks.example.com/in?x=1#frag", strict)).toEqual({ ok: true, url: "https://hooks.example.com/in?x=1" });
    expect(checkWebhookUrl("https://8.8.8.8:8443/", strict).ok).toBe(true);
  });

  it.each([
    ["ftp://example.com/", /http and https/],
    ["not a url", /absolute URL/],
    ["http://example.com/", /must use https/],
    ["https://user:pw@example.com/", /credentials/],
    ["https://127.0.0.1/", /loopback/],
    ["https://2130706433/", /127\.0\.0\.1 is loopback/],
    ["https://0x7f.1/", /loopback/],
    ["https://[::1]/", /loopback/],
    ["https://[::ffff:10.0.0.1]/", /private/],
    ["https://169.254.169.254/latest/meta-data", /link-local/],
    ["https://localhost:8080/", /loopback name/],
    ["https://api.localhost./", /loopback name/],
  ])("refuses %s", (url, reason) => {
    const r = checkWebhookUrl(url, strict);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it("TDS_WEBHOOKS_ALLOW_HTTP allows plain http to public addresses only; ALLOW_PRIVATE allows everything", () => {
    expect(checkWebhookUrl("http://example.com/", { allowPrivate: false, allowHttp: true }).ok).toBe(true);
    expect(checkWebhookUrl("http://10.0.0.1/", { allowPrivate: false, allowHttp: true }).ok).toBe(false);
    expect(checkWebhookUrl("http://127.0.0.1:3000/", { allowPrivate: true, allowHttp: false }).ok).toBe(true);
  });
});

describe("delivery-time check (resolved addresses)", () => {
  const resolver = (map: Record<string, string[]>) => async (host: string) => {
    if (!(host in map)) throw new Error("ENOTFOUND");
    return map[host];
  };

  it("allows a name whose every address is public", async () => {
    const r = await checkDeliveryTarget(
      "https://hooks.example.com/x",
      strict,
      resolver({ "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"] }),
    );
    expect(r).toEqual({ ok: true, addresses: ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"] });
  });

  it("blocks a name with any private, loopback or mapped address (DNS rebinding)", async () => {
    for (const addrs of [["10.0.0.5"], ["93.184.215.14", "127.0.0.1"], ["::ffff:169.254.169.254"], ["fd00::1"]]) {
      const r = await checkDeliveryTarget("https://evil.example/x", strict, resolver({ "evil.example": addrs }));
      expect(r).toMatchObject({ ok: false, outcome: "blocked_address" });
    }
  });

  it("a failed resolution is a network error (retried), and literal IPs need no resolver", async () => {
    expect(await checkDeliveryTarget("https://nowhere.example/", strict, resolver({}))).toMatchObject({
      ok: false,
      outcome: "network_error",
    });
    expect(await checkDeliveryTarget("https://8.8.8.8/", strict, resolver({}))).toEqual({ ok: true, addresses: ["8.8.8.8"] });
    expect(await checkDeliveryTarget("https://10.0.0.1/", strict, resolver({}))).toMatchObject({ ok: false, outcome: "blocked_address" });
  });

  it("the default resolver is the system's (localhost is loopback there) and resolution errors are network errors", async () => {
    // The same answer as getaddrinfo, /etc/hosts included. A bare root (debootstrap minbase) has no
    // /etc/hosts, so there `localhost` does not resolve at all: the resolver must then fail the same way.
    const system = await lookup("localhost", { all: true, verbatim: true }).then(
      (all) => all.map((a) => a.address),
      (e: NodeJS.ErrnoException) => e.code,
    );
    const local = await systemResolver("localhost").then(
      (all) => all,
      (e: NodeJS.ErrnoException) => e.code,
    );
    expect(local).toEqual(system);
    if (Array.isArray(local)) expect(local.length > 0 && local.every((a) => classifyAddress(a) === "loopback")).toBe(true);
    expect(await checkDeliveryTarget("https://no-such-host.invalid/", strict)).toMatchObject({ ok: false, outcome: "network_error" });
    expect(await checkDeliveryTarget("http://127.0.0.1:1/", { allowPrivate: true, allowHttp: false })).toEqual({ ok: true, addresses: [] });
  });
});
