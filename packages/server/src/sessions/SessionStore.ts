/**
 * Server-side storage of sessions and pending sign-ins: JSON records under opaque keys, each with an
 * absolute expiry. One interface, one implementation per backend (SQLite embedded; Redis and
 * PostgreSQL for several replicas), all held to the same contract tests.
 */
export interface SessionStore {
  /** Backend id, as named in config (`sqlite`, `redis`, `postgres`). */
  readonly kind: string;
  /** The record under `key`, or null when missing or expired (expired records are never returned). */
  get(key: string): Promise<unknown>;
  /** Creates or replaces the record under `key`, to expire at `expiresAt` (epoch ms). */
  set(key: string, value: unknown, expiresAt: number): Promise<void>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Returns the record under `key` and removes it in one step, so a single-use record (a pending
   * sign-in) cannot be consumed twice by concurrent requests.
   */
  take(key: string): Promise<unknown>;
  /**
   * Optional: a value that differs from every earlier one once any record may have been created,
   * changed or removed since it was returned, through this store or any other connection or
   * process. What was read while it stays the same is still what the store holds, so a reader may
   * keep it (sessions are reused on this basis). Left out by stores that cannot tell cheaply.
   */
  version?(): Promise<string>;
  /** Removes every expired record; returns how many were removed. */
  purgeExpired(): Promise<number>;
  /** Resolves when the backend answers; rejects otherwise (readiness check). */
  ping(): Promise<void>;
  /** Releases connections and files. */
  close(): Promise<void>;
}
