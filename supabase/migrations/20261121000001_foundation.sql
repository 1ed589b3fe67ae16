-- Foundation: accounts, API keys, shipments and their generation history.
-- Every statement is re-runnable, so the file is safe on PGlite, PostgreSQL and `supabase db push`.

create table if not exists accounts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  tier text not null check (tier in ('free', 'starter', 'growth', 'scale')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Keys are stored only as SHA-256 hashes of the full key; `prefix` is the first characters shown in lists.
create table if not exists api_keys (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  prefix text not null,
  key_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index if not exists api_keys_account_idx on api_keys (account_id, created_at desc);

create table if not exists shipments (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  shipment_ref text,
  shipment_data jsonb not null check (jsonb_typeof(shipment_data) = 'object'),
  status text not null check (status in ('created', 'draft', 'validated', 'validation_failed', 'generated')),
  generation_count integer not null default 0 check (generation_count >= 0),
  max_generations integer not null check (max_generations >= 0),
  current_validation_record_id uuid,
  current_validation_hash text,
  created_by text not null,
  -- When the shipment started to count toward the monthly quota (creation, or promotion of a draft).
  quota_counted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists shipments_account_updated_idx on shipments (account_id, updated_at desc, id);
create index if not exists shipments_account_status_idx on shipments (account_id, status, updated_at desc);
create index if not exists shipments_account_quota_idx on shipments (account_id, quota_counted_at) where quota_counted_at is not null;

create table if not exists generation_history (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references shipments (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  generation_number integer not null check (generation_number >= 1),
  document_types jsonb not null,
  validation_hash text,
  shipment_data_snapshot jsonb not null,
  data_diff jsonb,
  flattened_urls jsonb,
  created_at timestamptz not null default now(),
  unique (shipment_id, generation_number)
);

-- On Supabase the functions connect as the database owner; row level security with no policies keeps
-- these tables closed to the anon and authenticated roles of the auto-generated REST API.
alter table accounts enable row level security;
alter table api_keys enable row level security;
alter table shipments enable row level security;
alter table generation_history enable row level security;
