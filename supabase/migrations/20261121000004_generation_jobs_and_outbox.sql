-- Document generation jobs, stored files, and the event outbox that webhooks deliver from.

-- Jobs are rows a worker claims with FOR UPDATE SKIP LOCKED; a lease (locked_until) that runs out
-- lets another worker (or the restarted server) pick the job up again.
create table if not exists generation_jobs (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  shipment_id uuid references shipments (id) on delete set null,
  generation_history_id uuid references generation_history (id) on delete set null,
  document_type text not null,
  status text not null default 'queued' check (status in ('queued', 'processing', 'completed', 'failed')),
  provider_job_id text not null,
  validation_hash text not null,
  -- Everything the renderer needs: the data snapshot, final_doc, generation number, reference.
  input jsonb not null,
  attempts integer not null default 0,
  locked_until timestamptz,
  blob_key text,
  error_message text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz
);
create index if not exists generation_jobs_claim_idx on generation_jobs (created_at) where status in ('queued', 'processing');
create index if not exists generation_jobs_account_idx on generation_jobs (account_id, created_at desc);
create index if not exists generation_jobs_shipment_idx on generation_jobs (shipment_id, created_at desc);
create index if not exists generation_jobs_hash_idx on generation_jobs (validation_hash);
create unique index if not exists generation_jobs_provider_idx on generation_jobs (provider_job_id);

-- Events for webhooks: written in the same transaction as the change they report (transactional outbox).
create table if not exists event_outbox (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  event text not null check (event in ('document.generated', 'document.failed', 'extraction.completed', 'extraction.failed')),
  -- The webhook body: {event, timestamp, data}.
  payload jsonb not null,
  created_at timestamptz not null default now(),
  -- Set once the dispatcher has turned the event into deliveries for every matching subscription.
  dispatched_at timestamptz
);
create index if not exists event_outbox_pending_idx on event_outbox (created_at) where dispatched_at is null;
create index if not exists event_outbox_account_idx on event_outbox (account_id, created_at desc);

alter table generation_jobs enable row level security;
alter table event_outbox enable row level security;
