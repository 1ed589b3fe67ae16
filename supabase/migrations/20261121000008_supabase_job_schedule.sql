-- On Supabase: a pg_cron schedule calls the run-jobs function every minute (generation jobs left by a
-- crashed invocation, retention sweep). It needs two Vault secrets, set once per project:
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service_role key>', 'service_role_key');
-- Elsewhere (PGlite, plain PostgreSQL) pg_cron / pg_net are not available and this does nothing:
-- the local server runs the workers itself.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net')
     and exists (select 1 from pg_namespace where nspname = 'vault') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.unschedule(jobid) from cron.job where jobname = 'tds-run-jobs';
    perform cron.schedule('tds-run-jobs', '* * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/run-jobs',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{"max_seconds": 50}'::jsonb,
        timeout_milliseconds := 60000)
    $job$);
  end if;
end
$$;
