// npm run bench -- parties: party profiles over HTTP on the embedded default (PGlite): creating 1,000
// profiles in one new account, then name searches (accent-folded words) and a country filter over them.
import { createBenchAccount, machine, ms, startBenchServer, summarise, table } from "./support.ts";

const PARTIES = 1000;
const SEARCHES = 500;
const STEMS = ["Łódź Textiles", "Müller Maschinenbau", "Société Générale d'Export", "Pacific Coast Electronics", "Harbor Customs Brokers"];
const COUNTRIES = ["PL", "DE", "FR", "US", "GB"];

async function timed(send: () => Promise<Response>, status: number, what: string): Promise<number> {
  const t = performance.now();
  const r = await send();
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
  return performance.now() - t;
}

const server = await startBenchServer();
try {
  const key = await createBenchAccount(server);
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const create = (i: number) => () =>
    fetch(`${server.url}/api/v1/parties`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: `${STEMS[i % STEMS.length]} ${i}`,
        country: COUNTRIES[i % COUNTRIES.length],
        city: "Łódź",
        tax_ids: { eori: `${COUNTRIES[i % COUNTRIES.length]}${String(100000000000 + i)}` },
      }),
    });
  const list = (query: string) => () => fetch(`${server.url}/api/v1/parties?${query}`, { headers });

  const created: number[] = [];
  for (let i = 0; i < PARTIES; i++) created.push(await timed(create(i), 201, "create"));

  const searches = ["search=lodz%20text", "search=MULL", "search=societe%20export&country=FR", "search=harbor%20999"];
  for (let i = 0; i < 50; i++) await timed(list(searches[i % searches.length]), 200, "search");
  const searched: number[] = [];
  for (let i = 0; i < SEARCHES; i++) searched.push(await timed(list(searches[i % searches.length]), 200, "search"));
  const filtered: number[] = [];
  for (let i = 0; i < SEARCHES; i++) filtered.push(await timed(list(`country=${COUNTRIES[i % COUNTRIES.length]}`), 200, "list"));

  const c = summarise(created);
  const s = summarise(searched);
  const f = summarise(filtered);
  console.log(`\nParty profiles benchmark (${machine()}, PGlite, ${PARTIES.toLocaleString("en")} parties in the account)\n`);
  console.log(
    table(
      ["case", "n", "p50", "p95", "p99"],
      [
        ["POST /api/v1/parties (name, country, city, an EORI)", c.n, ms(c.p50), ms(c.p95), ms(c.p99)],
        ["GET /api/v1/parties?search=… (1–2 words, one with country)", s.n, ms(s.p50), ms(s.p95), ms(s.p99)],
        ["GET /api/v1/parties?country=… (first page of 20)", f.n, ms(f.p50), ms(f.p95), ms(f.p99)],
      ],
    ),
  );
} finally {
  await server.close();
}
