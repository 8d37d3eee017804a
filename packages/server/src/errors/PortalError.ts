/**
 * The catalogue of errors the portal answers with. Each has a stable code (clients may switch on
 * it) and an HTTP status; the message is for people.
 */
export const ERROR_CATALOGUE = {
  bad_request: 400,
  unauthenticated: 401,
  xsrf_mismatch: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unavailable: 503,
  internal: 500,
} as const;

/** A stable error code from the catalogue. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** An error meant for the client: the handler answers `{ code, message }` with its status. */
export class PortalError extends Error {
  readonly statusCode: number;

  /**
   * @param message shown to the reader: product words, never a driver message, host or port.
   * @param options `cause` keeps the underlying error for the log.
   */
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PortalError';
    this.statusCode = ERROR_CATALOGUE[code];
  }
}
