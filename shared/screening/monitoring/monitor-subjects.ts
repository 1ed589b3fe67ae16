/**
 * What monitoring screens again: every saved party of every account, and the exporter, importer and
 * notify party of every shipment updated within the last `days` days.
 */
import type { Queryable } from "../../db/types.ts";

export interface MonitorSubject {
  accountId: string;
  kind: "party" | "shipment";
  id: string;
  /** exporter, importer or notify_party for a shipment; null for a saved party. */
  role: string | null;
  name: string;
}

export async function readMonitorSubjects(db: Queryable, days: number): Promise<MonitorSubject[]> {
  const rows = await db.query<{ account_id: string; kind: "party" | "shipment"; id: string; role: string | null; name: string }>(
    `select account_id::text as account_id, 'party' as kind, id, null::text as role, name from parties
     union all
     select s.account_id::text, 'shipment', s.id::text, p.key, p.value->>'name'
       from shipments s cross join lateral jsonb_each(s.shipment_data) p
      where s.updated_at > now() - make_interval(days => $1::int)
        and p.key in ('exporter', 'importer', 'notify_party')
        and jsonb_typeof(p.value) = 'object' and jsonb_typeof(p.value->'name') = 'string' and btrim(p.value->>'name') <> ''`,
    [days],
  );
  return rows.map((r) => ({ accountId: r.account_id, kind: r.kind, id: r.id, role: r.role, name: r.name }));
}
