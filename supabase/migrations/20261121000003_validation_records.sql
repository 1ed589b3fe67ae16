-- Validation records: one per validation run, linked to a shipment when one was named.
create table if not exists validation_records (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  shipment_id uuid references shipments (id) on delete set null,
  gate_slug text not null,
  rule_library_version text not null,
  document_types jsonb not null default '[]'::jsonb,
  passed boolean not null,
  score integer not null,
  -- Always computed (the REST answer shows it); the function answer and verify-hash use it only on a pass.
  validation_hash text not null check (validation_hash ~ '^sha256:[0-9a-f]{64}$'),
  results jsonb not null,
  layers jsonb not null,
  -- Origin and destination as validated, for the public verification answer.
  route jsonb,
  created_at timestamptz not null default now()
);
create index if not exists validation_records_hash_idx on validation_records (validation_hash, created_at);
create index if not exists validation_records_shipment_idx on validation_records (shipment_id, created_at desc);
create index if not exists validation_records_account_idx on validation_records (account_id, created_at desc);

alter table validation_records enable row level security;
