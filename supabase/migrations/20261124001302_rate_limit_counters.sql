-- Request rate limits: one fixed-window counter per (who, budget, window), shared by every instance.
-- Rows of past windows are deleted now and then by the service (shared/http/rate-limit-counter.ts).
-- Unlogged: a count is worth no WAL write or fsync per request, and losing the counts of the current
-- minute in a database crash only lets clients start a fresh window early.
create unlogged table if not exists rate_limit_counters (
  partition text not null,
  window_start timestamptz not null,
  hits integer not null,
  expires_at timestamptz not null,
  primary key (partition, window_start)
);

create index if not exists rate_limit_counters_expires_idx on rate_limit_counters (expires_at);

alter table rate_limit_counters enable row level security;
