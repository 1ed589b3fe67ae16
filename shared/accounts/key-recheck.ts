import { AppError } from "../errors/app-error.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

/**
 * The SQL condition that a key is still active, for a write that trusts a key answered from memory
 * (key-principal-memory.ts): put in the write's own statement (`insert … select … where <this>`), a
 * revocation made by any instance is seen at once, and a revoked key writes nothing. The arguments are
 * the placeholders of the key id and its account id, e.g. "$13".
 */
export function keyIsActive(keyIdParam: string, accountIdParam: string): string {
  return `exists (select 1 from api_keys where id = ${keyIdParam}::uuid and account_id = ${accountIdParam}::uuid and revoked_at is null)`;
}

/** What an unknown or revoked key is answered, wherever it is found out (authentication or the write's re-check). */
export function refusedKeyError(): AppError {
  return new AppError(PLATFORM_ERRORS.SVC_AUTH_001, "Invalid or revoked API key");
}
