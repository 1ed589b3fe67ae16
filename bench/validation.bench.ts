// npm run bench -- validation: validation end to end over HTTP on the embedded default (PGlite) with the
// real reference data, and sanctions screening of three parties against the full OFAC list.
import { createBenchAccount, machine, ms, startBenchServer, summarise, table } from "./support.ts";
import { getSanctionsIndex } from "../shared/screening/sanctions-screener.ts";
import { screenNames } from "../shared/screening/index/sanctions-index.ts";
import { benchShipment as shipment } from "./bench-shipment.ts";

async function timeRequests(url: string, key: string, body: string, warmup: number, runs: number): Promise<number[]> {
  const send = async () => {
    const r = await fetch(`${url}/api/v1/shipments/validate`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body,
    });
    if (r.status !== 200) throw new Error(`validate: ${r.status}`);
    await r.arrayBuffer();
  };
  for (let i = 0; i < warmup; i++) await send();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await send();
    samples.push(performance.now() - t);
  }
  return samples;
}

const server = await startBenchServer();
try {
  const key = await createBenchAccount(server);
  await getSanctionsIndex(server.services.db); // built at start; wait for it so the first request is not timed with it

  const ten = summarise(await timeRequests(server.url, key, JSON.stringify(shipment(10)), 50, 500));
  const five = summarise(await timeRequests(server.url, key, JSON.stringify(shipment(500)), 5, 60));

  const index = (await getSanctionsIndex(server.services.db))!;
  const parties = ["Müller Maschinenbau GmbH", "Pacific Coast Electronics Inc.", "Harbor Customs Brokers LLC"];
  for (let i = 0; i < 200; i++) screenNames(index, parties);
  const screening: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t = performance.now();
    screenNames(index, parties);
    screening.push(performance.now() - t);
  }
  const sc = summarise(screening);

  console.log(`\nValidation benchmark (${machine()}, PGlite, reference data imported)\n`);
  console.log(
    table(
      ["case", "n", "p50", "p95", "p99", "target"],
      [
        ["10-line shipment, POST /api/v1/shipments/validate over HTTP", ten.n, ms(ten.p50), ms(ten.p95), ms(ten.p99), "p95 ≤ 10 ms"],
        ["500-line shipment, same endpoint", five.n, ms(five.p50), ms(five.p95), ms(five.p99), "≤ 100 ms"],
        ["screen 3 parties against the full OFAC list (in-process)", sc.n, ms(sc.p50), ms(sc.p95), ms(sc.p99), "≤ 2 ms"],
      ],
    ),
  );
} finally {
  await server.close();
}
