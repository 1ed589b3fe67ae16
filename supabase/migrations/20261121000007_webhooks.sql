-- Webhooks: subscriptions, one delivery per (event × subscription), and the log of every attempt.
-- The dispatcher (shared/webhooks/dispatcher.ts) turns event_outbox rows into deliveries and sends the
-- due ones; deliveries are claimed with FOR UPDATE SKIP LOCKED and a lease (locked_until), like jobs.
-- Every statement is re-runnable, so the file is safe on PGlite, PostgreSQL and `supabase db push`.

create table if not exists webhook_subscriptions (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  url text not null check (length(url) between 1 and 2048),
  -- Subset of the four event names, as a JSON array of strings.
  events jsonb not null check (jsonb_typeof(events) = 'array'),
  description text check (description is null or length(description) <= 500),
  -- The signing secret (whsec_<base64>), encrypted with AES-256-GCM: "v1.<iv>.<ciphertext>" (base64url).
  -- The key is derived from TDS_WEBHOOK_SECRET_KEY (default: from JWT_SECRET); see docs/webhooks.md.
  secret_encrypted text not null,
  -- First characters of the secret, to recognise it (the secret itself is shown only once).
  secret_prefix text not null,
  -- After a rotation the old secret keeps signing (a second webhook-signature value) until this time.
  previous_secret_encrypted text,
  previous_secret_expires_at timestamptz,
  active boolean not null default true,
  disabled_at timestamptz,
  disabled_reason text,
  -- Health: failed attempts since the last success; the subscription is disabled when it has had no
  -- successful delivery for TDS_WEBHOOK_DISABLE_AFTER_HOURS (5 days by default).
  consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
  first_failure_at timestamptz,
  last_failure_at timestamptz,
  last_success_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists webhook_subscriptions_account_idx on webhook_subscriptions (account_id, created_at desc);

create table if not exists webhook_deliveries (
  -- Sent as `webhook-id`: the same on every attempt of this delivery, so receivers can deduplicate.
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  subscription_id uuid not null references webhook_subscriptions (id) on delete cascade,
  -- The outbox row it came from (no foreign key: the outbox may be pruned independently).
  event_id uuid not null,
  event text not null,
  -- The exact request body, fixed at fan-out so every attempt signs and sends the same bytes.
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  -- Attempts made in total, and in the current retry schedule (a redelivery starts a new schedule).
  attempts integer not null default 0 check (attempts >= 0),
  schedule_attempts integer not null default 0 check (schedule_attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- Lease of the worker sending it right now; an expired lease lets another worker retry.
  locked_until timestamptz,
  last_attempt_at timestamptz,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (event_id, subscription_id)
);
create index if not exists webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index if not exists webhook_deliveries_subscription_idx on webhook_deliveries (subscription_id, created_at desc);
create index if not exists webhook_deliveries_account_idx on webhook_deliveries (account_id, created_at desc);
create index if not exists webhook_deliveries_completed_idx on webhook_deliveries (completed_at) where status <> 'pending';

create table if not exists webhook_delivery_attempts (
  id uuid primary key default gen_random_uuid(),
  delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  attempt_number integer not null check (attempt_number >= 1),
  url text not null,
  started_at timestamptz not null,
  duration_ms integer not null check (duration_ms >= 0),
  -- success, http_error, redirect, timeout, network_error, blocked_address, secret_unreadable
  outcome text not null,
  status_code integer,
  error text,
  -- The first characters of the receiver's answer.
  response_excerpt text,
  unique (delivery_id, attempt_number)
);

alter table webhook_subscriptions enable row level security;
alter table webhook_deliveries enable row level security;
alter table webhook_delivery_attempts enable row level security;

-- Supabase wiring. On Supabase (pg_net, pg_cron and Vault are available) every insert into the outbox
-- calls the dispatch-webhooks function at once (pg_net sends after commit), and pg_cron calls it every
-- minute for retries that have come due. The project's address and the service_role key come from
-- Vault (secrets project_url and service_role_key, shared with the job schedule; see docs/webhooks.md);
-- without them the calls are skipped. On PGlite and plain PostgreSQL this block does nothing: the local
-- server runs the dispatcher itself.
do $wiring$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net')
     and exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_namespace where nspname in ('vault', 'supabase_functions')) then
    begin
      create extension if not exists pg_net with schema extensions;
      create extension if not exists pg_cron;

      -- wiring:begin (tests run the statements from here to wiring:end against stand-ins of pg_net, pg_cron and Vault)
      execute $fn$
        create or replace function public.tds_wake_webhook_dispatcher() returns void
        language plpgsql security definer set search_path = '' as $body$
        declare
          base text;
          service_key text;
        begin
          select decrypted_secret into base from vault.decrypted_secrets where name = 'project_url';
          select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
          if base is null or service_key is null then
            return;
          end if;
          perform net.http_post(
            url := rtrim(base, '/') || '/functions/v1/dispatch-webhooks',
            headers := jsonb_build_object('content-type', 'application/json', 'authorization', 'Bearer ' || service_key),
            body := '{}'::jsonb,
            timeout_milliseconds := 5000
          );
        end
        $body$
      $fn$;

      execute $fn$
        create or replace function public.tds_event_outbox_wake() returns trigger
        language plpgsql security definer set search_path = '' as $body$
        begin
          perform public.tds_wake_webhook_dispatcher();
          return null;
        end
        $body$
      $fn$;

      -- Not callable through the auto-generated REST API (PostgREST exposes public functions as RPC).
      execute 'revoke all on function public.tds_wake_webhook_dispatcher() from public, anon, authenticated';
      execute 'revoke all on function public.tds_event_outbox_wake() from public, anon, authenticated';

      execute 'drop trigger if exists tds_event_outbox_wake on public.event_outbox';
      execute 'create trigger tds_event_outbox_wake after insert on public.event_outbox
               for each statement execute function public.tds_event_outbox_wake()';

      -- Same name again replaces the job, so re-running is harmless.
      perform cron.schedule('tds-dispatch-webhooks', '* * * * *', 'select public.tds_wake_webhook_dispatcher()');
      -- wiring:end
    exception when others then
      raise notice 'webhooks: Supabase wiring skipped (%); run the dispatcher on a schedule yourself', sqlerrm;
    end;
  end if;
end
$wiring$;
