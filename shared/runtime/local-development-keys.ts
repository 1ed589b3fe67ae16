/**
 * Published local-development values. The first three are the Supabase CLI's defaults (CONTRACT.md);
 * the last two are this project's own. Anyone can read them, so they are refused outside local
 * development (shared/runtime/production-secrets.ts). Each is a constant of its own: no secret is
 * derived from another one's default.
 */
export const SUPABASE_LOCAL_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
export const SUPABASE_LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
export const SUPABASE_LOCAL_SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";
// The values earlier versions derived from the local JWT secret, kept as literals so that local data
// (signed download addresses, encrypted webhook secrets) stays readable.
export const LOCAL_DOWNLOAD_SECRET = "downloads:super-secret-jwt-token-with-at-least-32-characters-long";
export const LOCAL_WEBHOOK_SECRET_KEY = "webhook-secrets:super-secret-jwt-token-with-at-least-32-characters-long";
