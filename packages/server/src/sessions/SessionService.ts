import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { UserKindSchema } from '@docs-portal/contracts';
import { PortalError } from '../errors/PortalError';
import type { SessionStore } from './SessionStore';

/** The signed-in reader as the server keeps it. */
export const SessionUserSchema = z.object({
  sub: z.string(),
  provider: z.enum(['salesforce', 'employee']),
  displayName: z.string(),
  email: z.string(),
  kind: UserKindSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

const SessionRecordSchema = z.object({
  user: SessionUserSchema,
  /** Kept for the identity provider's end-session call (id_token_hint). */
  idToken: z.string().optional(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** A sign-in started at the portal and not yet completed at its callback. */
export const PendingSignInSchema = z.object({
  provider: z.enum(['salesforce', 'employee']),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  /** Validated same-origin path (fragment included) to return to after sign-in. */
  returnPath: z.string(),
});
export type PendingSignIn = z.infer<typeof PendingSignInSchema>;

/** How long a started sign-in may take before its state is refused. */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** Sessions record activity at most this often, so reads stay cheap. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Most sessions kept for reuse; the oldest read is forgotten beyond it. */
const MAX_REUSED_SESSIONS = 10_000;

const SESSION_PREFIX = 's:';
const PENDING_PREFIX = 'p:';

/** A new opaque, unguessable id (256 bits). */
export function newOpaqueId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The answer to a store failure: product words only. The driver's error (which may name hosts and
 * ports) stays in `cause`, for the log; the store's own outage log records the outage once.
 */
function unavailable(error: unknown): PortalError {
  return new PortalError(
    'unavailable',
    'Sign-in sessions are unavailable right now. Please try again shortly.',
    { cause: error },
  );
}

/** Sessions with idle and absolute expiry, and single-use pending sign-ins, over a SessionStore. */
export class SessionService {
  /**
   * Sessions recently read from the store, by id, with the store's version they were read at (see
   * `SessionStore.version`) and when they must be read again when the store has no version.
   */
  private readonly recent = new Map<
    string,
    { record: SessionRecord; storeVersion: string | undefined; readAgainAt: number }
  >();
  /** Sessions destroyed so far: a read that overlapped one is not kept for reuse. */
  private destroyed = 0;

  constructor(
    readonly store: SessionStore,
    private readonly lifetimes: { idleMs: number; absoluteMs: number },
    private readonly now: () => number = Date.now,
    /**
     * With a store that has no `version` (Redis, PostgreSQL), a session read from it is reused
     * for this long by this process (0: never), so a reader's requests do not each read the
     * store. Sign-out and expiry take effect at once on this process; a sign-out on another
     * replica sharing the store takes effect here after it. A store with a `version` (SQLite)
     * tells exactly when what was read may have changed: its sessions are reused until then.
     */
    private readonly reuseMs = 0,
  ) {}

  private expiryOf(record: SessionRecord): number {
    return Math.min(
      record.lastSeenAt + this.lifetimes.idleMs,
      record.createdAt + this.lifetimes.absoluteMs,
    );
  }

  /** Starts a session for a reader who just signed in; always a new id (no fixation). */
  async create(user: SessionUser, idToken?: string): Promise<string> {
    const id = newOpaqueId();
    const now = this.now();
    const record: SessionRecord = { user, idToken, createdAt: now, lastSeenAt: now };
    try {
      await this.store.set(SESSION_PREFIX + id, record, this.expiryOf(record));
    } catch (error) {
      throw unavailable(error);
    }
    return id;
  }

  /**
   * The live session under `id`, recording activity; null when unknown, malformed or past its idle
   * or absolute expiry (an expired one is deleted).
   * @throws PortalError `unavailable` when the store does not answer.
   */
  async resume(id: string): Promise<SessionRecord | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    try {
      const record = await this.read(id);
      if (record === null) return null;
      const now = this.now();
      if (now >= this.expiryOf(record)) {
        this.recent.delete(id);
        await this.store.delete(SESSION_PREFIX + id);
        return null;
      }
      if (now - record.lastSeenAt >= TOUCH_INTERVAL_MS) {
        record.lastSeenAt = now;
        // Recording activity is not worth holding the request for: a store that is locked or
        // slow right now is asked again at the next request, and logs its own outage.
        this.store.set(SESSION_PREFIX + id, record, this.expiryOf(record)).catch(() => undefined);
      }
      return record;
    } catch (error) {
      throw error instanceof PortalError ? error : unavailable(error);
    }
  }

  /**
   * The session under `id`: reused when the store's version has not changed since it was read
   * (or, for a store without one, when read less than `reuseMs` ago), else from the store.
   */
  private async read(id: string): Promise<SessionRecord | null> {
    const now = this.now();
    // Asked before reading the record: a change landing in between makes the next answer differ.
    const storeVersion = await this.store.version?.();
    const reused = this.recent.get(id);
    if (reused !== undefined) {
      const current =
        storeVersion === undefined
          ? now < reused.readAgainAt
          : reused.storeVersion === storeVersion;
      if (current) return reused.record;
      this.recent.delete(id);
    }
    const destroyedBefore = this.destroyed;
    const parsed = SessionRecordSchema.safeParse(await this.store.get(SESSION_PREFIX + id));
    if (!parsed.success) return null;
    if ((storeVersion !== undefined || this.reuseMs > 0) && this.destroyed === destroyedBefore) {
      if (this.recent.size >= MAX_REUSED_SESSIONS) {
        const oldest = this.recent.keys().next().value;
        if (oldest !== undefined) this.recent.delete(oldest);
      }
      this.recent.set(id, { record: parsed.data, storeVersion, readAgainAt: now + this.reuseMs });
    }
    return parsed.data;
  }

  /** Ends the session under `id` server-side. */
  async destroy(id: string): Promise<void> {
    this.destroyed += 1;
    this.recent.delete(id);
    try {
      await this.store.delete(SESSION_PREFIX + id);
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Stores a started sign-in; returns the id its browser cookie carries. */
  async savePendingSignIn(pending: PendingSignIn): Promise<string> {
    const id = newOpaqueId();
    try {
      await this.store.set(PENDING_PREFIX + id, pending, this.now() + PENDING_SIGN_IN_TTL_MS);
    } catch (error) {
      throw unavailable(error);
    }
    return id;
  }

  /** The started sign-in under `id`, consumed: a second call (a replayed callback) gets null. */
  async takePendingSignIn(id: string): Promise<PendingSignIn | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    try {
      const parsed = PendingSignInSchema.safeParse(await this.store.take(PENDING_PREFIX + id));
      return parsed.success ? parsed.data : null;
    } catch (error) {
      throw unavailable(error);
    }
  }
}
