import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SessionService, type SessionUser } from './SessionService';
import type { SessionStore } from './SessionStore';
import { SqliteSessionStore } from './SqliteSessionStore/SqliteSessionStore';

const user: SessionUser = {
  sub: 'customer',
  provider: 'salesforce',
  displayName: 'C',
  email: 'c@x',
  kind: 'customer',
};

/** The store as one that cannot tell when it changed (as Redis and PostgreSQL): no `version`. */
function versionless(store: SessionStore): SessionStore {
  return {
    kind: store.kind,
    get: (key) => store.get(key),
    set: (key, value, expiresAt) => store.set(key, value, expiresAt),
    delete: (key) => store.delete(key),
    take: (key) => store.take(key),
    purgeExpired: () => store.purgeExpired(),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

function service(
  idleMs: number,
  absoluteMs: number,
  reuseMs?: number,
  opened: (store: SqliteSessionStore) => SessionStore = (store) => store,
) {
  // The store compares expiry with the real clock, so the fake one starts now and only moves on.
  let now = Date.now();
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const store = opened(new SqliteSessionStore(':memory:'));
  return {
    clock,
    store,
    sessions: new SessionService(store, { idleMs, absoluteMs }, clock.now, reuseMs),
  };
}

describe('SessionService', () => {
  it('ends a session after the idle time without activity', async () => {
    const { clock, sessions } = service(10 * 60_000, 60 * 60_000);
    const id = await sessions.create(user);
    clock.advance(9 * 60_000);
    expect(await sessions.resume(id)).not.toBeNull();
    clock.advance(9 * 60_000);
    expect(await sessions.resume(id)).not.toBeNull();
    clock.advance(11 * 60_000);
    expect(await sessions.resume(id)).toBeNull();
  });

  it('ends an active session at its absolute expiry', async () => {
    const { clock, sessions } = service(10 * 60_000, 30 * 60_000);
    const id = await sessions.create(user);
    for (let minute = 0; minute < 29; minute += 5) {
      expect(await sessions.resume(id)).not.toBeNull();
      clock.advance(5 * 60_000);
    }
    clock.advance(2 * 60_000);
    expect(await sessions.resume(id)).toBeNull();
  });

  it('reads a store without a version once per reuse period and records activity at most once a minute', async () => {
    const { clock, store, sessions } = service(10 * 60_000, 60 * 60_000, 1000, versionless);
    const id = await sessions.create(user);
    const get = vi.spyOn(store, 'get');
    const set = vi.spyOn(store, 'set');
    for (let i = 0; i < 5; i++) expect((await sessions.resume(id))?.user).toEqual(user);
    expect(get).toHaveBeenCalledTimes(1);
    clock.advance(1000);
    expect(await sessions.resume(id)).not.toBeNull();
    expect(get).toHaveBeenCalledTimes(2);
    expect(set).not.toHaveBeenCalled();
    clock.advance(60_000);
    for (let i = 0; i < 3; i++) expect(await sessions.resume(id)).not.toBeNull();
    expect(set).toHaveBeenCalledTimes(1);
  });

  it('ends a reused session at once when it is destroyed or expires on this process', async () => {
    const { clock, sessions } = service(10 * 60_000, 60 * 60_000, 60 * 60_000);
    const signedOut = await sessions.create(user);
    expect(await sessions.resume(signedOut)).not.toBeNull();
    await sessions.destroy(signedOut);
    expect(await sessions.resume(signedOut)).toBeNull();
    const idle = await sessions.create(user);
    expect(await sessions.resume(idle)).not.toBeNull();
    clock.advance(10 * 60_000);
    expect(await sessions.resume(idle)).toBeNull();
  });

  it('ends a session destroyed by another replica within the reuse period', async () => {
    const { clock, store, sessions } = service(10 * 60_000, 60 * 60_000, 1000, versionless);
    const other = new SessionService(store, { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 });
    const id = await sessions.create(user);
    expect(await sessions.resume(id)).not.toBeNull();
    await other.destroy(id);
    clock.advance(1000);
    expect(await sessions.resume(id)).toBeNull();
  });

  it('reads a store without a version on every request by default, so a sign-out on any replica counts at once', async () => {
    const { store, sessions } = service(10 * 60_000, 60 * 60_000, undefined, versionless);
    const get = vi.spyOn(store, 'get');
    const other = new SessionService(store, { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 });
    const id = await sessions.create(user);
    expect(await sessions.resume(id)).not.toBeNull();
    expect(await sessions.resume(id)).not.toBeNull();
    expect(get).toHaveBeenCalledTimes(2);
    await other.destroy(id);
    expect(await sessions.resume(id)).toBeNull();
  });

  it('reads a SQLite session once while nothing is written, by default', async () => {
    const { store, sessions } = service(10 * 60_000, 60 * 60_000);
    const id = await sessions.create(user);
    const get = vi.spyOn(store, 'get');
    for (let i = 0; i < 5; i++) expect((await sessions.resume(id))?.user).toEqual(user);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('ends a reused SQLite session at once when another process signs it out, or changes it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sessions-'));
    const lifetimes = { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 };
    // Two connections to one file: what two portal processes sharing the data folder hold.
    const here = new SessionService(new SqliteSessionStore(dir), lifetimes);
    const otherStore = new SqliteSessionStore(dir);
    const there = new SessionService(otherStore, lifetimes);
    try {
      const id = await here.create(user);
      expect(await here.resume(id)).not.toBeNull();
      expect(await there.resume(id)).not.toBeNull();
      const record = (await otherStore.get(`s:${id}`)) as { user: SessionUser };
      record.user = { ...user, displayName: 'Renamed' };
      await otherStore.set(`s:${id}`, record, Date.now() + 60_000);
      expect((await here.resume(id))?.user.displayName).toBe('Renamed');
      await there.destroy(id);
      expect(await here.resume(id)).toBeNull();
    } finally {
      await here.store.close();
      await otherStore.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a session again after a write through the same store', async () => {
    const { store, sessions } = service(10 * 60_000, 60 * 60_000);
    const other = new SessionService(store, { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 });
    const id = await sessions.create(user);
    expect(await sessions.resume(id)).not.toBeNull();
    await other.destroy(id);
    expect(await sessions.resume(id)).toBeNull();
  });

  it('issues a new unguessable id for every session and refuses malformed ids', async () => {
    const { sessions } = service(60_000, 120_000);
    const a = await sessions.create(user);
    const b = await sessions.create(user);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessions.resume("' OR 1=1 --")).toBeNull();
  });

  it('consumes a pending sign-in once', async () => {
    const { sessions } = service(60_000, 120_000);
    const id = await sessions.savePendingSignIn({
      provider: 'employee',
      state: 's',
      nonce: 'n',
      codeVerifier: 'v',
      returnPath: '/docs/ui/',
    });
    expect(await sessions.takePendingSignIn(id)).toMatchObject({ state: 's' });
    expect(await sessions.takePendingSignIn(id)).toBeNull();
  });

  it('answers unavailable (503) when the store fails', async () => {
    const store = new SqliteSessionStore(':memory:');
    const sessions = new SessionService(store, { idleMs: 1, absoluteMs: 2 });
    await store.close();
    await expect(sessions.create(user)).rejects.toMatchObject({
      statusCode: 503,
      code: 'unavailable',
    });
  });
});
