import type { Db } from "../../db/types.ts";

/**
 * Called after any screening list import commits. A no-op until monitoring (issue 37, item 5) fills it;
 * the signature is agreed so that the import paths and monitoring compile against each other.
 */
export async function afterScreeningListsChanged(_db: Db, _services?: unknown): Promise<void> {}
