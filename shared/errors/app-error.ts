import type { ErrorDef } from "./error-code.ts";

/** A typed, expected failure: the error handler turns it into the error envelope. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    error: ErrorDef,
    message: string,
    options: { details?: Record<string, unknown>; status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = error.code;
    this.status = options.status ?? error.status;
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): { error: Record<string, unknown> } {
    return { error: { code: this.code, message: this.message, ...this.details } };
  }
}
