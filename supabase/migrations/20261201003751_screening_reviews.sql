-- Screening reviews (issue 37): an account's decisions on sanctions matches, append-only.
-- A decision names the party as it was given and normalised, the list and entry as the finding's context
-- gives them, the entry's content hash at the time (a changed entry re-opens a clearance), who decided
-- (an API key or a dashboard member, with the key's name or the member's email as it was then), when and why.
-- Validations apply the latest decision per (party, list, entry) (shared/screening/reviews/apply-clearances.ts).
-- Re-runnable like every migration.

create table if not exists screening_reviews (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  party_name text not null check (length(party_name) between 1 and 300),
  -- The name folded as clearances compare it (shared/screening/reviews/review-keys.ts).
  party_name_normalised text not null check (length(party_name_normalised) between 1 and 300),
  list text not null check (length(list) between 1 and 100),
  entry_id text not null check (length(entry_id) between 1 and 100),
  entry_hash text not null check (entry_hash ~ '^[0-9a-f]{64}$'),
  decision text not null check (decision in ('cleared', 'confirmed')),
  reason text not null check (length(reason) between 1 and 2000),
  decided_by_kind text not null check (decided_by_kind in ('api_key', 'member')),
  -- The API key's or the member's id, and what people read: the key's name or the member's email.
  decided_by_id text not null,
  decided_by_label text not null,
  created_at timestamptz not null default now()
);
create index if not exists screening_reviews_pair_idx
  on screening_reviews (account_id, party_name_normalised, list, entry_id, created_at desc);
create index if not exists screening_reviews_account_idx on screening_reviews (account_id, created_at desc, id);

-- Append-only in the database too: no update, and no delete except the cascade of a deleted account
-- (its parent row is gone by the time the cascade deletes the decisions).
create or replace function screening_reviews_append_only() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if not exists (select 1 from accounts where id = old.account_id) then
      return old;
    end if;
  end if;
  raise exception 'screening_reviews is append-only: record a new decision instead of changing one'
    using errcode = 'restrict_violation';
end
$$;
drop trigger if exists screening_reviews_append_only on screening_reviews;
create trigger screening_reviews_append_only before update or delete on screening_reviews
  for each row execute function screening_reviews_append_only();
-- A truncate would bypass the row trigger.
drop trigger if exists screening_reviews_no_truncate on screening_reviews;
create trigger screening_reviews_no_truncate before truncate on screening_reviews
  for each statement execute function screening_reviews_append_only();

alter table screening_reviews enable row level security;
