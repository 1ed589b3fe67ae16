/**
 * An error code and what it means. Each feature declares its codes beside it (`<feature>-errors.ts`),
 * the platform only the generic ones (`platform-errors.ts`); docs/errors.md lists them all
 * (`shared/docs/error-catalogue.ts`).
 */
export interface ErrorCodeInfo {
  status: number;
  meaning: string;
  /** Where the code comes from: the spec, or this project. */
  origin: "spec" | "project";
}

/** One code of a table made by {@link defineErrorCodes}: it carries its own name, so an AppError needs nothing else. */
export interface ErrorDef extends ErrorCodeInfo {
  readonly code: string;
}

/** An entry as a table states it: most codes are the project's own, so only "spec" needs saying. */
export type ErrorCodeEntry = Omit<ErrorCodeInfo, "origin"> & Partial<Pick<ErrorCodeInfo, "origin">>;

export type ErrorCodeTable<T extends Record<string, ErrorCodeEntry>> = {
  readonly [K in keyof T & string]: T[K] & { readonly code: K; readonly origin: ErrorCodeInfo["origin"] };
};

/**
 * A table of codes, each entry given its name as `code` and its origin ("project" unless stated):
 * `new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "…")`.
 */
export function defineErrorCodes<const T extends Record<string, ErrorCodeEntry>>(table: T): ErrorCodeTable<T> {
  return Object.fromEntries(
    Object.entries(table).map(([code, info]) => [code, { ...info, origin: info.origin ?? "project", code }]),
  ) as ErrorCodeTable<T>;
}
