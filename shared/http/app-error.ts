import { ERROR_CODES, type ErrorCode } from "./error-codes.ts";

/** A typed, expected failure: the error handler turns it into the error envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): { error: Record<string, unknown> } {
    return { error: { code: this.code, message: this.message, ...this.details } };
  }
}
