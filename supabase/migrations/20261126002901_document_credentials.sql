-- Verifiable credentials of generated documents (issue 29; docs/verification.md).
-- One credential per generation job: the signed compact JWS (VC-JOSE-COSE), its place in a Bitstring
-- Status List (list number + random index, unique together), and its revocation. The status list
-- credential is built from this table on request: bit i of list n is 1 when the row (n, i) is revoked.
create table if not exists document_credentials (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  job_id uuid not null references generation_jobs (id) on delete cascade,
  shipment_id uuid references shipments (id) on delete set null,
  document_type text not null,
  validation_hash text not null,
  status_list integer not null check (status_list >= 1),
  status_index integer not null check (status_index >= 0),
  -- The DID URL of the key that signed it (a did.json verification method).
  kid text not null,
  jwt text not null,
  -- The credential this one replaced (a regeneration of the same document type of the same shipment).
  supersedes uuid references document_credentials (id) on delete set null,
  issued_at timestamptz not null default now(),
  revoked_at timestamptz,
  revocation_reason text check (revocation_reason in ('superseded', 'revoked')),
  unique (job_id),
  unique (status_list, status_index)
);
create index if not exists document_credentials_hash_idx on document_credentials (validation_hash);
create index if not exists document_credentials_shipment_idx on document_credentials (account_id, shipment_id, document_type, issued_at desc);
create index if not exists document_credentials_revoked_idx on document_credentials (status_list) where revoked_at is not null;

alter table document_credentials enable row level security;
