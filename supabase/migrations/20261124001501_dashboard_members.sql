-- Dashboard: the people of an account (members with a role), their sessions, invitations and the record
-- of sign-in attempts used for throttling. Passwords are scrypt hashes; session and invitation tokens are
-- stored only as SHA-256 hashes. Every statement is re-runnable (PGlite, PostgreSQL, `supabase db push`).

create table if not exists dashboard_members (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  -- Stored lower-cased; one person (email) belongs to one account.
  email text not null unique check (length(email) between 3 and 254 and email = lower(email)),
  role text not null check (role in ('owner', 'admin', 'member')),
  -- scrypt$<N>$<r>$<p>$<salt base64>$<hash base64> (shared/dashboard/passwords.ts)
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_sign_in_at timestamptz
);
create index if not exists dashboard_members_account_idx on dashboard_members (account_id, created_at);

create table if not exists dashboard_sessions (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null references dashboard_members (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  -- SHA-256 (hex) of the cookie value.
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now(),
  -- Set at sign-out: the cookie stops working at once, on every instance.
  revoked_at timestamptz
);
create index if not exists dashboard_sessions_member_idx on dashboard_sessions (member_id);
create index if not exists dashboard_sessions_expires_idx on dashboard_sessions (expires_at);

create table if not exists dashboard_invitations (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  -- Null for the first owner's invitation printed at the first start: the person enters their email.
  email text check (email is null or (length(email) between 3 and 254 and email = lower(email))),
  role text not null check (role in ('owner', 'admin', 'member')),
  -- SHA-256 (hex) of the token in the invitation address.
  token_hash text not null unique,
  -- Who invited (null: the admin endpoint or the first start).
  invited_by uuid references dashboard_members (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Single use: set when the invitation is accepted (or withdrawn).
  used_at timestamptz,
  member_id uuid references dashboard_members (id) on delete set null
);
create index if not exists dashboard_invitations_account_idx on dashboard_invitations (account_id, created_at desc);

-- One row per failed sign-in; throttling counts recent rows per email and per client address, so the
-- limit holds across instances. Old rows are pruned on sign-in.
create table if not exists dashboard_sign_in_failures (
  id bigint generated always as identity primary key,
  email text not null,
  address text not null,
  attempted_at timestamptz not null default now()
);
create index if not exists dashboard_sign_in_failures_email_idx on dashboard_sign_in_failures (email, attempted_at);
create index if not exists dashboard_sign_in_failures_address_idx on dashboard_sign_in_failures (address, attempted_at);

alter table dashboard_members enable row level security;
alter table dashboard_sessions enable row level security;
alter table dashboard_invitations enable row level security;
alter table dashboard_sign_in_failures enable row level security;
