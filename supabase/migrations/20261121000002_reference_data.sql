-- Reference data: tariff schedules, UN/LOCODE, OFAC lists, ISO countries and currencies.
-- Filled by `npm run reference:import` from the official file formats (docs/reference-data.md);
-- every import replaces a whole table in one transaction. Re-runnable like every migration.
-- Codes are digits only and use the "C" collation so that prefix ranges (code >= '0101' and
-- code < '0101:') are plain index scans whatever the database's default collation.

-- WCO Harmonized System 2/4/6 digits (UN Comtrade H6 / DataHub harmonized-system CSV).
create table if not exists hs_codes_wco (
  code text collate "C" primary key check (code ~ '^[0-9]{2,6}$'),
  description text not null,
  level smallint not null,
  parent_code text collate "C",
  chapter text not null,
  heading text,
  subheading text,
  section text,
  section_name text
);

-- US HTS, every line of the USITC export in file order (seq), grouping lines without a code included.
create table if not exists hs_codes_us (
  seq integer primary key,
  code text collate "C" check (code ~ '^[0-9]{2,10}$'),
  level smallint,
  indent smallint not null,
  description text not null,
  parent_seq integer,
  parent_code text collate "C",
  chapter text,
  heading text,
  subheading text,
  units jsonb not null default '[]',
  general_rate text,
  special_rate text,
  column2_rate text,
  effective_general_rate text,
  effective_special_rate text,
  effective_column2_rate text,
  rate_line_code text,
  quota_quantity text,
  additional_duties text,
  footnotes jsonb not null default '[]'
);
create index if not exists hs_codes_us_code_idx on hs_codes_us (code);

-- EU: Combined Nomenclature (2/4/6/8 digits, source 'CN') and, when imported, TARIC 10-digit lines
-- (source 'TARIC'; suffix other than '80' = indent heading sharing a code).
create table if not exists hs_codes_eu (
  code text collate "C" not null check (code ~ '^[0-9]{2,10}$'),
  suffix text not null default '80',
  level smallint not null,
  indent smallint,
  description text not null,
  parent_code text collate "C",
  parent_suffix text,
  chapter text not null,
  heading text,
  subheading text,
  section text,
  section_name text,
  raw_code text,
  supplementary_unit text,
  source text not null check (source in ('CN', 'TARIC')),
  validity_start date,
  validity_end date,
  primary key (code, suffix)
);

-- UK Trade Tariff goods nomenclature (DBT commodities-report); sid is the tariff's own row id.
create table if not exists hs_codes_uk (
  sid integer primary key,
  code text collate "C" not null check (code ~ '^[0-9]{10}$'),
  suffix text not null,
  level smallint not null,
  indent smallint not null,
  description text not null,
  parent_sid integer,
  parent_code text collate "C",
  parent_suffix text,
  chapter text not null,
  heading text,
  subheading text,
  validity_start date,
  validity_end date,
  is_leaf boolean not null
);
create index if not exists hs_codes_uk_code_idx on hs_codes_uk (code);

-- India 2/4/6/8-digit codes (GST portal HSN master; 8 digits = Customs Tariff / ITC(HS) items).
create table if not exists hs_codes_in (
  code text collate "C" primary key check (code ~ '^[0-9]{2,8}$'),
  description text not null,
  level smallint not null,
  parent_code text collate "C",
  chapter text not null,
  heading text,
  subheading text,
  raw_code text
);

-- UN/LOCODE. One code can have several names (Brussel / Bruxelles), so seq (file order) is the key.
create table if not exists port_codes (
  seq integer primary key,
  code text collate "C" not null check (code ~ '^[A-Z]{2}[A-Z0-9]{3}$'),
  country text not null,
  location text not null,
  name text not null,
  name_wo_diacritics text,
  subdivision text,
  function text,
  port boolean not null default false,
  rail boolean not null default false,
  road boolean not null default false,
  airport boolean not null default false,
  postal boolean not null default false,
  multimodal boolean not null default false,
  fixed_transport boolean not null default false,
  inland_water boolean not null default false,
  border_crossing boolean not null default false,
  status text,
  change_date text,
  iata text,
  coordinates text,
  latitude numeric(8, 5),
  longitude numeric(8, 5),
  remarks text,
  change text
);
create index if not exists port_codes_code_idx on port_codes (code, seq);

-- OFAC SDN list ('SDN') and consolidated non-SDN lists ('CONS'), one row per entry.
create table if not exists sanctions_ofac (
  list text not null check (list in ('SDN', 'CONS')),
  uid integer not null,
  name text not null,
  type text not null check (type in ('individual', 'entity', 'vessel', 'aircraft')),
  programs text[] not null default '{}',
  title text,
  call_sign text,
  vessel_type text,
  tonnage text,
  grt text,
  vessel_flag text,
  vessel_owner text,
  remarks text,
  -- [{name, type: aka|fka|nka, remarks?}]
  aliases jsonb not null default '[]',
  -- [{address, city_state_province_postal, country, remarks}]
  addresses jsonb not null default '[]',
  primary key (list, uid)
);

create table if not exists countries (
  alpha2 text primary key check (alpha2 ~ '^[A-Z]{2}$'),
  alpha3 text not null,
  numeric text,
  name text not null,
  official_name text,
  short_name text,
  region text,
  sub_region text,
  intermediate_region text,
  continent text,
  capital text,
  currency_code text,
  is_independent text,
  tld text,
  languages text,
  dial text
);

create table if not exists currencies (
  code text primary key check (code ~ '^[A-Z]{3}$'),
  numeric text,
  name text not null,
  minor_units smallint,
  current boolean not null,
  countries jsonb not null default '[]',
  withdrawal_date text
);

-- Duty rates by schedule and line: the spec keeps this table empty and no rule reads it.
create table if not exists duty_rates (
  schedule text not null check (schedule in ('us', 'eu', 'uk', 'in', 'wco')),
  code text collate "C" not null,
  origin_country text not null default '',
  rate_type text not null default 'general',
  rate text not null,
  valid_from date,
  valid_to date,
  source text,
  primary key (schedule, code, origin_country, rate_type)
);

-- One row per reference table: what was imported last, from which files, when.
create table if not exists reference_imports (
  table_name text primary key,
  source text not null,
  vintage text,
  row_count integer not null check (row_count >= 0),
  imported_at timestamptz not null default now(),
  files jsonb not null default '[]'
);

alter table hs_codes_wco enable row level security;
alter table hs_codes_us enable row level security;
alter table hs_codes_eu enable row level security;
alter table hs_codes_uk enable row level security;
alter table hs_codes_in enable row level security;
alter table port_codes enable row level security;
alter table sanctions_ofac enable row level security;
alter table countries enable row level security;
alter table currencies enable row level security;
alter table duty_rates enable row level security;
alter table reference_imports enable row level security;
