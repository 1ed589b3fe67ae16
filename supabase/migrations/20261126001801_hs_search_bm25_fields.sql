-- HS description search ranked by BM25F (issue 18; shared/hs-codes/bm25.ts writes the score).
-- The fields of a line, as hs_search_lines.tsv already holds them by weight:
--   A  the line's own description,  B  its ancestors' below the chapter,  C  its WCO subheading's text,
-- and one field shared by every line of a 6-digit subheading, in its own table:
--   the descriptions of ALL imported national schedules' lines under that subheading (US, EU, UK,
--   India: their 8–10 digit lines use everyday words, "Men's or boys' trousers … of synthetic fibers",
--   that the WCO text lacks).
-- BM25F needs each field's length per line and the collection statistics: they are computed here, at
-- import, in the import's transaction, after hs_search_rebuild (migration 20261121000005).
-- ---------------------------------------------------------------------------------------------

-- Field lengths (distinct stems of the field: tsvector length), generated from tsv as hs_search_rebuild
-- inserts the lines: a separate update of every line would rewrite the table and its GIN index again.
alter table hs_search_lines add column if not exists len_own smallint generated always as (length(ts_filter(tsv, '{a}'))) stored;
alter table hs_search_lines add column if not exists len_up smallint generated always as (length(ts_filter(tsv, '{b}'))) stored;
alter table hs_search_lines add column if not exists len_wco smallint generated always as (length(ts_filter(tsv, '{c}'))) stored;
-- The lines of a subheading, reached from a matching subheading document.
create index if not exists hs_search_lines_subheading_idx on hs_search_lines (schedule, subheading);

-- One schedule's texts under each subheading; rebuilt with that schedule, so that the shared document
-- does not depend on the order the schedules are imported in.
create table if not exists hs_search_subheading_parts (
  schedule text not null,
  subheading text not null,
  tsv tsvector not null,
  primary key (schedule, subheading)
);
-- The parts of all schedules joined: the shared field of every line under the subheading.
create table if not exists hs_search_subheadings (
  -- Same collation as hs_search_lines.subheading, so that the join uses the indexes.
  subheading text primary key,
  tsv tsvector not null,
  len integer not null
);
create index if not exists hs_search_subheadings_tsv_idx on hs_search_subheadings using gin (tsv);
alter table hs_search_subheading_parts enable row level security;
alter table hs_search_subheadings enable row level security;

-- Per-field collection statistics of a schedule (average field lengths), and of the shared documents
-- under schedule 'hs6'.
create table if not exists hs_search_field_stats (
  schedule text primary key,
  docs integer not null,
  avg_own float8 not null,
  avg_up float8 not null,
  avg_wco float8 not null
);
alter table hs_search_field_stats enable row level security;

create or replace aggregate hs_tsvector_agg(tsvector) (sfunc = tsvector_concat, stype = tsvector, initcond = '');

create or replace function hs_search_rebuild_fields(p_schedule text) returns void
language plpgsql
set jit = off
as $fn$
declare
  source text;
begin
  -- The lines' field lengths were generated as hs_search_rebuild inserted them.
  insert into hs_search_field_stats (schedule, docs, avg_own, avg_up, avg_wco)
    select p_schedule, count(*), coalesce(avg(len_own), 0), coalesce(avg(len_up), 0), coalesce(avg(len_wco), 0)
      from hs_search_lines where schedule = p_schedule
    on conflict (schedule) do update set docs = excluded.docs, avg_own = excluded.avg_own, avg_up = excluded.avg_up, avg_wco = excluded.avg_wco;

  -- The schedule's national lines (below 6 digits; grouping and intermediate lines included: "Trousers and
  -- breeches:") in force at import, chapters 98/99 left out as in the search.
  source := case p_schedule
    when 'us' then 'select subheading, description from hs_codes_us where coalesce(level, 99) > 6'
    when 'eu' then 'select subheading, description from hs_codes_eu where level > 6 and (validity_end is null or validity_end >= current_date)'
    when 'uk' then 'select subheading, description from hs_codes_uk where level > 6 and (validity_end is null or validity_end >= current_date)'
    when 'in' then 'select subheading, description from hs_codes_in where level > 6'
  end;
  delete from hs_search_subheading_parts where schedule = p_schedule;
  if source is not null then
    execute format($q$insert into hs_search_subheading_parts (schedule, subheading, tsv)
      select %L, subheading, to_tsvector('english', string_agg(hs_search_text(description), ' ; '))
        from (%s) x
       where subheading ~ '^[0-9]{6}$' and subheading < '98'
       group by subheading$q$, p_schedule, source);
  end if;

  delete from hs_search_subheadings;
  insert into hs_search_subheadings (subheading, tsv, len)
    select subheading, v, length(v)
      from (select subheading, hs_tsvector_agg(tsv order by schedule) as v from hs_search_subheading_parts group by subheading) x;
  insert into hs_search_field_stats (schedule, docs, avg_own, avg_up, avg_wco)
    select 'hs6', count(*), coalesce(avg(len), 0), 0, 0 from hs_search_subheadings
    on conflict (schedule) do update set docs = excluded.docs, avg_own = excluded.avg_own;
  delete from hs_search_stems where schedule = 'hs6';
  insert into hs_search_stems (schedule, stem, ndoc, ndoc_own)
    select 'hs6', word, ndoc, ndoc from ts_stat('select tsv from hs_search_subheadings');
  -- Every schedule's search reads the shared documents: a new stamp makes running processes reload the
  -- statistics they cached.
  update hs_search_builds set built_at = clock_timestamp();
  perform gin_clean_pending_list('hs_search_subheadings_tsv_idx'::regclass);
  -- hs_search_lines was analyzed by hs_search_rebuild, after its insert.
  analyze hs_search_subheadings;
  analyze hs_search_stems;
end
$fn$;

create or replace function hs_search_after_import() returns trigger
language plpgsql as $fn$
begin
  if new.table_name in ('hs_codes_wco', 'hs_codes_us', 'hs_codes_eu', 'hs_codes_uk', 'hs_codes_in') then
    perform hs_search_rebuild(substr(new.table_name, 10));
    perform hs_search_rebuild_fields(substr(new.table_name, 10));
  end if;
  return null;
end
$fn$;

-- Fields of what is already loaded.
select hs_search_rebuild_fields(s) from unnest(array['wco', 'us', 'eu', 'uk', 'in']) as s;
