-- On Supabase: the private Storage buckets the functions write to (generated documents, uploads).
-- Elsewhere there is no storage schema and this does nothing: the local server keeps files under
-- TDS_DATA_DIR/blobs.
do $$
begin
  if exists (select 1 from information_schema.tables where table_schema = 'storage' and table_name = 'buckets') then
    insert into storage.buckets (id, name, public) values ('documents', 'documents', false) on conflict (id) do nothing;
    insert into storage.buckets (id, name, public) values ('uploads', 'uploads', false) on conflict (id) do nothing;
  end if;
end
$$;
