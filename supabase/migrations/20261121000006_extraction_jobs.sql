-- AI extraction jobs: one row per uploaded file (POST /api/v1/extract), claimed by the extraction worker
-- with the shared job-queue columns (status, attempts, locked_until, started_at, completed_at,
-- error_message). The API shows `queued` as "processing". Re-runnable.

create table if not exists extraction_jobs (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  -- Link only: the result is for review; nothing is merged into the shipment automatically.
  shipment_id uuid references shipments (id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'processing', 'completed', 'failed')),
  attempts integer not null default 0,
  locked_until timestamptz,
  -- The upload: uploads/<account_id>/<job_id>/<safe filename>; null once the file was deleted.
  blob_key text,
  file_name text not null,
  content_type text not null,
  -- What the bytes are (sniffed): pdf, png, jpeg, tiff, xlsx, xls.
  file_kind text not null check (file_kind in ('pdf', 'png', 'jpeg', 'tiff', 'xlsx', 'xls')),
  size_bytes integer not null check (size_bytes > 0),
  -- builtin or openai: the extractor configured when the job ran.
  extractor text,
  -- How the text was obtained: pdf-text, ocr, spreadsheet.
  input_source text,
  -- TradeShipment structure, every leaf {value, confidence}.
  result jsonb,
  error_code text,
  error_message text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  -- When the uploaded file was removed (5 days after the upload).
  file_deleted_at timestamptz
);
create index if not exists extraction_jobs_claim_idx on extraction_jobs (created_at) where status in ('queued', 'processing');
create index if not exists extraction_jobs_account_idx on extraction_jobs (account_id, created_at desc);
create index if not exists extraction_jobs_files_idx on extraction_jobs (created_at) where blob_key is not null;

alter table extraction_jobs enable row level security;
