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
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const;

/** A stable error code from the catalogue. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The code answered for a status when the error carries only a status (Fastify's own errors). */
const CODE_BY_STATUS: ReadonlyMap<number, ErrorCode> = new Map([
  [400, 'bad_request'],
  [401, 'unauthenticated'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [405, 'method_not_allowed'],
  [409, 'conflict'],
  [413, 'payload_too_large'],
  [415, 'unsupported_media_type'],
  [429, 'too_many_requests'],
  [500, 'internal'],
  [503, 'unavailable'],
]);

/**
 * The catalogue code of an HTTP status (`403` reads as `forbidden`: `xsrf_mismatch` is only ever
 * answered by name). A 4xx status without an entry of its own reads as `bad_request`, anything
 * else as `internal`.
 */
export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status >= 400 && status < 500 ? 'bad_request' : 'internal');
}

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
