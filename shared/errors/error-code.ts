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

export type ErrorCodeTable<T extends Record<string, ErrorCodeInfo>> = { readonly [K in keyof T & string]: T[K] & { readonly code: K } };

/** A table of codes, each entry given its name as `code`: `new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "…")`. */
export function defineErrorCodes<const T extends Record<string, ErrorCodeInfo>>(table: T): ErrorCodeTable<T> {
  return Object.fromEntries(Object.entries(table).map(([code, info]) => [code, { ...info, code }])) as ErrorCodeTable<T>;
}
