-- Party profiles (issue 6) and the HS code search index.
-- Re-runnable like every migration: `if not exists`, `create or replace`, `drop trigger if exists`.

-- ---------------------------------------------------------------------------------------------
-- Party profiles: one address-book entry per exporter, importer or notify party of an account.
-- ---------------------------------------------------------------------------------------------
create table if not exists parties (
  id text primary key default ('party_' || replace(gen_random_uuid()::text, '-', '')) check (id ~ '^party_[0-9a-f]{32}$'),
  account_id uuid not null references accounts (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  -- The name folded for search (lower case, accents removed, punctuation as spaces), set by the repository.
  name_search text not null,
  address text,
  city text,
  state text,
  postal_code text,
  country text not null check (country ~ '^[A-Z]{2}$'),
  tax_ids jsonb not null default '{}'::jsonb check (jsonb_typeof(tax_ids) = 'object'),
  contact_email text,
  contact_phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists parties_account_name_idx on parties (account_id, name_search, id);
create index if not exists parties_account_country_idx on parties (account_id, country, name_search);

alter table parties enable row level security;

-- ---------------------------------------------------------------------------------------------
-- HS code search index (GET /api/v1/hs-codes/search; docs/hs-codes.md).
--
-- A national line's own text is often just "Other" or "Of cotton": its meaning is in the lines above
-- it, and the EU and UK files even leave out the text of HS subheadings ("Orange juice" above
-- "Frozen"). A generated column cannot read other rows, so the searchable text of each line lives in
-- this derived table:
--   weight A  the line's own description,
--   weight B  its ancestors' descriptions below the chapter (US grouping lines such as "Horses:" included),
--   weight C  the WCO description of its 6-digit subheading (national schedules only).
-- A schedule is rebuilt in the same transaction as its import: loadReferenceTable upserts the
-- reference_imports row last, and the trigger below rebuilds from the rows just loaded. Readers see the
-- old index until the import commits, exactly like the tables themselves.
-- ---------------------------------------------------------------------------------------------
create table if not exists hs_search_lines (
  schedule text not null check (schedule in ('wco', 'us', 'eu', 'uk', 'in')),
  -- The source row: seq (US), sid (UK), code/suffix (EU), code (WCO, India).
  line_key text not null,
  code text collate "C" not null check (code ~ '^[0-9]{2,10}$'),
  -- Significant digits: 2 chapter, 4 heading, 6 subheading, 8 and 10 national lines.
  level smallint not null,
  chapter text not null,
  heading text,
  subheading text,
  description text not null,
  -- Ancestors' descriptions and this line's, joined with " > " (trailing colons dropped).
  full_description text not null,
  -- US: the general (column 1) rate in force for the line, inherited from its 8-digit line.
  duty_rate text,
  valid_from date,
  valid_to date,
  tsv tsvector not null,
  primary key (schedule, line_key)
);
-- One full-text index per schedule: a search reads only its schedule's postings.
create index if not exists hs_search_lines_tsv_wco_idx on hs_search_lines using gin (tsv) where schedule = 'wco';
create index if not exists hs_search_lines_tsv_us_idx on hs_search_lines using gin (tsv) where schedule = 'us';
create index if not exists hs_search_lines_tsv_eu_idx on hs_search_lines using gin (tsv) where schedule = 'eu';
create index if not exists hs_search_lines_tsv_uk_idx on hs_search_lines using gin (tsv) where schedule = 'uk';
create index if not exists hs_search_lines_tsv_in_idx on hs_search_lines using gin (tsv) where schedule = 'in';
create index if not exists hs_search_lines_code_idx on hs_search_lines (schedule, code);

-- Per schedule and stem: lines whose text contains it (any weight) and lines whose own description
-- does (weight A), for the query's term weights (idf) and to skip words a schedule never uses.
create table if not exists hs_search_stems (
  schedule text not null,
  stem text not null,
  ndoc integer not null,
  ndoc_own integer not null,
  primary key (schedule, stem)
);
create table if not exists hs_search_builds (
  schedule text primary key,
  line_count integer not null,
  built_at timestamptz not null default clock_timestamp()
);

alter table hs_search_lines enable row level security;
alter table hs_search_stems enable row level security;
alter table hs_search_builds enable row level security;

-- Accents, ligatures, typographic quotes and dashes folded, so that "purée" is found by "puree" and
-- "men’s" reads like "men's". shared/hs-codes/normalize.ts folds queries the same way (PGlite has no
-- unaccent extension, hence plain translate). Plain ASCII, nearly every line, takes the fast path.
create or replace function hs_search_fold(t text) returns text
language sql immutable parallel safe as $fn$
  select case when t ~ '^[ -~]*$' then t else
    replace(replace(replace(translate(lower(t),
      'àáâãäåāăąçćĉċčďèéêëēĕėęěĝğġģĥìíîïĩīĭįĵķĺļľñńņňòóôõöōŏőŕŗřśŝşšţťùúûüũūŭůűųŵýÿŷźżžđħıłŀøŧ’‘ʼʻ′ʹ‐‑–—|' || chr(8203) || chr(173),
      'aaaaaaaaacccccdeeeeeeeeegggghiiiiiiiijklllnnnnoooooooorrrssssttuuuuuuuuuuwyyyzzzdhillot''''''''''''---- '),
      'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe')
  end
$fn$;

-- The text a line is found by: folded, and without what it excludes. Tariff texts name what they do not
-- cover ("Fish; frozen, excluding fish fillets", "Knit shirts (other than T-shirts)"), and a search for
-- fish fillets or T-shirts must not find those lines by the excluded words.
-- (Lower-cased first; the regular expressions run only on the few texts that have such a word.)
create or replace function hs_search_text(t text) returns text
language plpgsql immutable parallel safe as $fn$
declare
  f text := lower(hs_search_fold(t));
begin
  if strpos(f, 'other than') > 0 or strpos(f, 'excluding') > 0 or strpos(f, 'except') > 0 then
    return regexp_replace(regexp_replace(f,
      '\((?:other than|excluding|except)[^()]*\)', ' ', 'g'),
      '\m(?:other than|excluding|except)\M[^;:,()]*', ' ', 'g');
  end if;
  return f;
end
$fn$;

-- Rebuilds one schedule's search lines and stem counts from its hs_codes_* table. The ancestors'
-- vectors are concatenated down the tree, so every description is parsed once.
create or replace function hs_search_rebuild(p_schedule text) returns integer
language plpgsql
-- The tree walk joins ~35,000 rows per level: hash joins, not a sort per level. No JIT: the recursive
-- query's cost estimate is huge, and compiling it took longer than running it.
set enable_mergejoin = off
set jit = off
as $fn$
declare
  n integer;
  nodes text;
begin
  nodes := case p_schedule
    when 'wco' then $q$select code as k, parent_code as pk, code, level, chapter, heading, subheading, description,
        null::text as duty_rate, null::date as valid_from, null::date as valid_to, true as listed from hs_codes_wco$q$
    when 'us' then $q$select seq::text as k, parent_seq::text as pk, code, length(code) as level, chapter, heading, subheading, description,
        effective_general_rate as duty_rate, null::date as valid_from, null::date as valid_to, code is not null as listed from hs_codes_us$q$
    when 'eu' then $q$select code || '/' || suffix as k, parent_code || '/' || coalesce(parent_suffix, '80') as pk, code, level, chapter, heading, subheading, description,
        null::text as duty_rate, validity_start as valid_from, validity_end as valid_to, suffix = '80' as listed from hs_codes_eu$q$
    when 'uk' then $q$select sid::text as k, parent_sid::text as pk, code, level, chapter, heading, subheading, description,
        null::text as duty_rate, validity_start as valid_from, validity_end as valid_to, suffix = '80' as listed from hs_codes_uk$q$
    when 'in' then $q$select code as k, parent_code as pk, code, level, chapter, heading, subheading, description,
        null::text as duty_rate, null::date as valid_from, null::date as valid_to, true as listed from hs_codes_in$q$
  end;
  if nodes is null then
    raise exception 'unknown HS schedule %', p_schedule;
  end if;

  delete from hs_search_lines where schedule = p_schedule;
  execute format($q$
    insert into hs_search_lines (schedule, line_key, code, level, chapter, heading, subheading, description,
                                 full_description, duty_rate, valid_from, valid_to, tsv)
    with recursive n as materialized (
      select x.*, rtrim(x.description, ': ') as label, to_tsvector('english', hs_search_text(x.description)) as own
        from (%s) x
    ), w as materialized (
      select code, setweight(to_tsvector('english', hs_search_text(description)), 'C') as v
        from hs_codes_wco where %L <> 'wco' and level = 6
    ), t as (
      select n.*, null::text as up_text, ''::tsvector as up_tsv from n where n.pk is null
      union all
      -- Chapter titles ("Natural, cultured pearls; precious stones; ...; imitation jewellery; coin") are
      -- left out: they would lend their words to every line of the chapter.
      select c.*, nullif(concat_ws(' > ', t.up_text, case when coalesce(t.level, 99) > 2 then t.label end), ''),
             t.up_tsv || case when coalesce(t.level, 99) > 2 then t.own else ''::tsvector end
        from t join n c on c.pk = t.k
    )
    select %L, t.k, t.code, t.level, t.chapter, t.heading, t.subheading, t.description,
           concat_ws(' > ', t.up_text, t.label), t.duty_rate, t.valid_from, t.valid_to,
           setweight(t.own, 'A') || setweight(t.up_tsv, 'B') || coalesce(w.v, '')
      from t left join w on w.code = t.subheading
     where t.listed$q$, nodes, p_schedule, p_schedule);
  get diagnostics n = row_count;

  delete from hs_search_stems where schedule = p_schedule;
  execute format($q$insert into hs_search_stems (schedule, stem, ndoc, ndoc_own)
    select %L, a.word, a.ndoc, coalesce(o.ndoc, 0)
      from ts_stat(%L) a left join ts_stat(%L, 'A') o on o.word = a.word$q$,
    p_schedule,
    format('select tsv from hs_search_lines where schedule = %L', p_schedule),
    format('select tsv from hs_search_lines where schedule = %L', p_schedule));

  insert into hs_search_builds (schedule, line_count, built_at) values (p_schedule, n, clock_timestamp())
    on conflict (schedule) do update set line_count = excluded.line_count, built_at = excluded.built_at;
  -- The rows went to the index's pending list (fast to insert, slow to search: every search would scan
  -- it); merge it into the index now. Then fresh statistics, or the planner keeps the empty table's.
  perform gin_clean_pending_list(format('hs_search_lines_tsv_%s_idx', p_schedule)::regclass);
  analyze hs_search_lines;
  analyze hs_search_stems;
  return n;
end
$fn$;

-- Rebuild a schedule's index when its import is recorded (same transaction as the import). A national
-- schedule takes the WCO subheading texts present when it is imported; the importer loads the WCO
-- table first, and a new HS edition comes with new national schedules anyway.
create or replace function hs_search_after_import() returns trigger
language plpgsql as $fn$
begin
  if new.table_name in ('hs_codes_wco', 'hs_codes_us', 'hs_codes_eu', 'hs_codes_uk', 'hs_codes_in') then
    perform hs_search_rebuild(substr(new.table_name, 10));
  end if;
  return null;
end
$fn$;
drop trigger if exists hs_search_after_import on reference_imports;
create trigger hs_search_after_import after insert or update on reference_imports
  for each row execute function hs_search_after_import();

-- Index what is already loaded (empty tables give empty indexes).
select hs_search_rebuild(s) from unnest(array['wco', 'us', 'eu', 'uk', 'in']) as s;
