/** The trade vocabulary: one place for each code list and code format (docs/trade-codes.md). */
export * from "./countries.ts";
export * from "./currencies.ts";
export * from "./hs-code.ts";
export * from "./incoterms.ts";
export * from "./locode.ts";
export * from "./transport-modes.ts";
export * from "./container-number.ts";
