-- Each schedule's in-memory search index (shared/hs-codes/line-index.ts), built and encoded at import
-- (shared/hs-codes/stored-line-index.ts, line-index-codec.ts; issue 27): a fresh process, an edge function's
-- first description search, decodes this one value instead of reading and parsing every line's tsvector
-- text. Valid only for the build it was made from (hs_search_builds.built_at, stamped again by every HS
-- import, see migrations 20261121000005 and 20261126001801) and for the code's format (layout version and
-- a fingerprint of the builder): otherwise the search builds the index from the rows, as without this table.
create table if not exists hs_search_line_index (
  schedule text primary key,
  built_at timestamptz not null,
  format text not null,
  bytes bytea not null,
  byte_size integer not null,
  stored_at timestamptz not null default clock_timestamp()
);
alter table hs_search_line_index enable row level security;
