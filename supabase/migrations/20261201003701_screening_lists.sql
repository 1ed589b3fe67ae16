-- The screening lists beyond OFAC (issue 37): the UN Security Council Consolidated List, the EU Financial
-- Sanctions Files, the UK Sanctions List (FCDO) and the US Consolidated Screening List (trade.gov). One
-- table per publisher, one row per listed entry in the publisher's own identifiers; the same columns for
-- all four so that screening reads them alike (shared/screening/lists/). `list` is the (sub-)list the
-- effects table names ("UN", "EU", "UK", "BIS Entity List", "OFAC SDN" for a CSL Treasury row …).
-- entry_hash: SHA-256 hex of the entry as imported (names, aliases, addresses, ids, programmes), filled by
-- the import; a review's clearance holds while the hash is unchanged.
create table if not exists sanctions_un (
  list text not null,
  uid text not null,
  name text not null,
  type text not null check (type in ('individual', 'entity', 'vessel', 'aircraft')),
  programs text[] not null default '{}',
  -- [{name, type: aka|fka|weak aka …}]
  aliases jsonb not null default '[]',
  -- Countries the entry states (addresses, nationality, citizenship), as the publisher writes them.
  countries text[] not null default '{}',
  -- Dates of birth, identity documents, IMO numbers …: {dates_of_birth: [], ids: [{type, number, country}]}
  details jsonb not null default '{}',
  -- Where the publisher states it: the entry's source list or OFAC ent_num it repeats (CSL Treasury rows).
  source text,
  entry_hash text,
  primary key (list, uid)
);
create table if not exists sanctions_eu (like sanctions_un including all);
create table if not exists sanctions_uk (like sanctions_un including all);
create table if not exists sanctions_us_csl (like sanctions_un including all);

-- The OFAC rows get their content hash too (reviews compare it, monitoring diffs on it).
alter table sanctions_ofac add column if not exists entry_hash text;

alter table sanctions_un enable row level security;
alter table sanctions_eu enable row level security;
alter table sanctions_uk enable row level security;
alter table sanctions_us_csl enable row level security;

-- One row per entry added, changed (hash differs) or removed by an import or refresh of a screening list,
-- written in the import's transaction (shared/screening/lists/record-entry-changes.ts). The first import
-- into an empty table writes none: there is nothing yet to monitor against.
create table if not exists screening_entry_changes (
  id bigserial primary key,
  list_table text not null,
  list text not null,
  entry_id text not null,
  entry_hash text,
  change text not null check (change in ('added', 'changed', 'removed')),
  changed_at timestamptz not null default now()
);
create index if not exists screening_entry_changes_table on screening_entry_changes (list_table, id);
alter table screening_entry_changes enable row level security;
