import { requestId } from "hono/request-id";

/**
 * Every response carries `x-request-id` (also in logs and error bodies). An incoming one is kept when
 * it is short and plain (letters, digits, -, _, =): a caller's id reaches the logs without letting a
 * header inject text into them. Used by the function apps and the dashboard.
 */
export const withRequestId = () => requestId({ headerName: "x-request-id", limitLength: 128 });
