-- Files (generated PDFs, uploads) kept in the database, so every instance on one database shares them
-- (TDS_STORAGE=postgres, the default when DATABASE_URL is set and no other storage is configured).
create table if not exists stored_blobs (
  key text primary key,
  content_type text not null,
  bytes bytea not null,
  byte_size integer not null,
  created_at timestamptz not null default now()
);

alter table stored_blobs enable row level security;
