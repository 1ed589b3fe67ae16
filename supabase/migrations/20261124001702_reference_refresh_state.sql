-- Reference data that stays current (docs/reference-data.md, "Refresh"):
-- * reference_imports gains the provenance of each import: where it was downloaded from, the
--   publisher's date, and a checksum of the downloaded bytes (an unchanged download is not re-imported).
-- * reference_refresh_state holds, per table, the refresh lease (two instances refreshing at once
--   import once), when the source was last checked successfully, and the last failure.
-- * validation_records keeps the vintage of each reference table a validation used.
alter table reference_imports add column if not exists source_urls jsonb not null default '[]';
alter table reference_imports add column if not exists published_at timestamptz;
alter table reference_imports add column if not exists checksum text;

create table if not exists reference_refresh_state (
  table_name text primary key,
  lease_owner text,
  lease_until timestamptz,
  last_attempt_at timestamptz,
  -- Last time the source answered and its data was imported or found unchanged.
  last_checked_at timestamptz,
  last_outcome text,
  last_error text,
  consecutive_failures integer not null default 0
);
alter table reference_refresh_state enable row level security;

alter table validation_records add column if not exists reference_data jsonb;
