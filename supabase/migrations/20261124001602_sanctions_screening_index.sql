-- The sanctions screening index (shared/reference/sanctions/sanctions-index.ts), built once after an OFAC
-- import and stored by part and key (shared/reference/sanctions/stored-index.ts), so an edge function screens
-- by reading only the few hundred rows a query touches instead of building the whole index (~2 s of CPU
-- and ~150 MB). `meta` says which import and which index builder the rows belong to. Re-runnable.

create table if not exists sanctions_screening_index (
  part text not null,
  key text not null,
  value jsonb not null,
  primary key (part, key)
);

create table if not exists sanctions_screening_index_meta (
  id boolean primary key default true check (id),
  source_signature text not null,
  builder_fingerprint text not null,
  layout jsonb not null,
  built_at timestamptz not null default now()
);

alter table sanctions_screening_index enable row level security;
alter table sanctions_screening_index_meta enable row level security;
