-- The UK Trade Tariff's search references and brand examples (issue 27): everyday, retail and brand
-- names of goods that HMRC's tariff team linked to a commodity code ("air fryer" → 8516792000). A
-- reference table like the schedules: filled by the importers (shared/reference/importers/
-- parse-uk-search-references.ts) from the files or the publisher's repository, never from a committed
-- copy; HS description search reads it (shared/hs-codes/search-references.ts).
create table if not exists hs_search_references (
  -- 'reference': search_references.json; 'brand': brands.csv (a brand product with its goods).
  kind text not null check (kind in ('reference', 'brand')),
  -- The words as HMRC wrote them ("bath mats, plastic"; a brand line "Muller Frijj Milk drink …").
  term text not null,
  -- The commodity code as given: 10 digits for a reference, 6–8 for a brand line (HMRC stops where
  -- more information is needed).
  code text collate "C" not null check (code ~ '^[0-9]{6,10}$'),
  -- Brand lines: the brand or product name and HMRC's context words ("Muller Frijj", "Milk drink").
  brand text,
  context text,
  primary key (kind, term)
);
alter table hs_search_references enable row level security;
