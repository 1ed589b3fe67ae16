// npm run bench -- webhooks: how soon a signed delivery reaches a receiver after its event, on the local
// server (PGlite, the in-process delivery worker). Each round generates one packing list; the receiver on
// 127.0.0.1 verifies the signature as a receiver would (standardwebhooks) and takes the time between the
// event's `timestamp` and the delivery's arrival. TDS_WEBHOOKS_ALLOW_PRIVATE lets the worker reach loopback.
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { benchShipment } from "./bench-shipment.ts";
import { createBenchAccount, machine, ms, startBenchServer, summarise, table } from "./support.ts";

const ROUNDS = 40;
process.env.TDS_WEBHOOKS_ALLOW_PRIVATE = "true";

const arrivals: { event: string; latency: number; verifyMs: number }[] = [];
let verifier: Webhook | undefined;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const arrived = Date.now();
    const body = Buffer.concat(chunks).toString("utf8");
    const t = performance.now();
    const payload = verifier?.verify(body, {
      "webhook-id": String(req.headers["webhook-id"]),
      "webhook-timestamp": String(req.headers["webhook-timestamp"]),
      "webhook-signature": String(req.headers["webhook-signature"]),
    }) as { event: string; timestamp: string } | undefined;
    const verifyMs = performance.now() - t;
    if (payload) arrivals.push({ event: payload.event, latency: arrived - Date.parse(payload.timestamp), verifyMs });
    res.writeHead(200).end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

const server = await startBenchServer();
try {
  const key = await createBenchAccount(server);
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const sub = await fetch(`${server.url}/api/v1/webhooks`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: receiverUrl, events: ["document.generated"] }),
  });
  if (sub.status !== 201) throw new Error(`subscribe: ${sub.status} ${await sub.text()}`);
  verifier = new Webhook(((await sub.json()) as { secret: string }).secret);
  const shipment = benchShipment(3);
  for (let i = 0; i < ROUNDS; i++) {
    const before = arrivals.length;
    const r = await fetch(`${server.url}/functions/v1/generate-documents`, {
      method: "POST",
      headers: { ...headers, apikey: server.services.config.anonKey },
      body: JSON.stringify({ shipment, document_types: ["PACKING_LIST"], confirm_warnings: true }),
    });
    if (r.status !== 202) throw new Error(`generate: ${r.status} ${await r.text()}`);
    const deadline = Date.now() + 30_000;
    while (arrivals.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    if (arrivals.length === before) throw new Error(`round ${i}: no delivery within 30 s`);
  }
  const l = summarise(arrivals.map((a) => a.latency));
  const v = summarise(arrivals.map((a) => a.verifyMs));
  console.log(`\nWebhook delivery benchmark (${machine()}, PGlite, in-process worker, one subscription)\n`);
  console.log(
    table(
      ["case", "n", "p50", "p95", "p99"],
      [
        ["event timestamp → signed delivery received (document.generated)", l.n, ms(l.p50), ms(l.p95), ms(l.p99)],
        ["receiver's signature check (standardwebhooks verify)", v.n, ms(v.p50), ms(v.p95), ms(v.p99)],
      ],
    ),
  );
} finally {
  await server.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
}
