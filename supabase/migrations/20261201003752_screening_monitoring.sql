-- Screening monitoring (issue 37): after a list refresh that added or changed entries, saved parties and
-- the parties of recently updated shipments are screened again against those entries only
-- (shared/screening/monitoring/). The list importers log each entry change in screening_entry_changes;
-- the monitor processes the rows past its cursor, once, whichever process runs it.

create table if not exists screening_monitor_state (
  id smallint primary key default 1 check (id = 1),
  -- The last screening_entry_changes.id processed.
  last_change_id bigint not null default 0,
  last_run_at timestamptz,
  -- What the last run that found changes did (the dashboard and the docs' benchmark read it).
  last_run jsonb
);
insert into screening_monitor_state (id) values (1) on conflict (id) do nothing;

-- One row per new match, per account: a party (saved party or a shipment's exporter, importer or notify
-- party) against a list entry as it was (entry_hash). The same pair does not fire twice for the same hash.
create table if not exists screening_monitor_matches (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  subject_kind text not null check (subject_kind in ('party', 'shipment')),
  -- party_<hex> or the shipment's id.
  subject_id text not null,
  -- For a shipment: exporter, importer or notify_party; null for a saved party.
  party_role text,
  party_name text not null,
  party_name_normalised text not null,
  list text not null,
  entry_id text not null,
  entry_hash text not null,
  program text,
  effect text,
  severity text not null check (severity in ('error', 'warning')),
  matched_name text not null,
  entry_name text not null,
  score double precision not null,
  -- The screening_entry_changes row that brought the entry.
  change_id bigint not null,
  created_at timestamptz not null default now(),
  unique (account_id, subject_kind, subject_id, party_name_normalised, list, entry_id, entry_hash)
);
create index if not exists screening_monitor_matches_account_idx on screening_monitor_matches (account_id, created_at desc, id);

alter table screening_monitor_state enable row level security;
alter table screening_monitor_matches enable row level security;

-- The webhook event of a new match.
alter table event_outbox drop constraint if exists event_outbox_event_check;
alter table event_outbox add constraint event_outbox_event_check
  check (event in ('document.generated', 'document.failed', 'extraction.completed', 'extraction.failed', 'screening.match'));
