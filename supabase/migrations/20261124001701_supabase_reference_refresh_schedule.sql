-- On Supabase: a pg_cron schedule calls the refresh-reference-data function every hour. The function
-- refreshes only the tables whose interval has passed (sanctions daily, tariffs and UN/LOCODE
-- quarterly, WCO yearly by default; docs/reference-data.md), so most calls download nothing.
-- It uses the same two Vault secrets as the run-jobs schedule (20261121000008):
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service_role key>', 'service_role_key');
-- Setting TDS_REFERENCE_REFRESH=off in the functions' secrets turns the refresh off without touching
-- this schedule. Elsewhere (PGlite, plain PostgreSQL) pg_cron / pg_net are not available and this
-- does nothing: the local server runs the refresh as a background task (TDS_REFERENCE_REFRESH=on).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net')
     and exists (select 1 from pg_namespace where nspname = 'vault') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.unschedule(jobid) from cron.job where jobname = 'tds-refresh-reference-data';
    perform cron.schedule('tds-refresh-reference-data', '17 * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/refresh-reference-data',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 150000)
    $job$);
  end if;
end
$$;
