-- Workers that claim jobs announce themselves here (a heartbeat every few seconds), so a job's status can
-- say "waiting for a worker" when none is running (e.g. functions on Supabase that only enqueue while
-- `npm run worker` is stopped). One row per running worker loop; stale rows are ignored and removed.
-- Re-runnable.

create table if not exists job_workers (
  id uuid primary key,
  job_table text not null,
  host text not null default '',
  started_at timestamptz not null default now(),
  last_seen timestamptz not null default now()
);
create index if not exists job_workers_table_idx on job_workers (job_table, last_seen);

alter table job_workers enable row level security;
