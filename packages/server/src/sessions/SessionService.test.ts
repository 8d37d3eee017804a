import { describe, expect, it, vi } from 'vitest';
import { SessionService, type SessionUser } from './SessionService';
import { SqliteSessionStore } from './SqliteSessionStore/SqliteSessionStore';

const user: SessionUser = {
  sub: 'customer',
  provider: 'salesforce',
  displayName: 'C',
  email: 'c@x',
  kind: 'customer',
};

function service(idleMs: number, absoluteMs: number, reuseMs?: number) {
  // The store compares expiry with the real clock, so the fake one starts now and only moves on.
  let now = Date.now();
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const store = new SqliteSessionStore(':memory:');
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

  it('reads the store once per reuse period and records activity at most once a minute', async () => {
    const { clock, store, sessions } = service(10 * 60_000, 60 * 60_000, 1000);
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
    const { clock, store, sessions } = service(10 * 60_000, 60 * 60_000, 1000);
    const other = new SessionService(store, { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 });
    const id = await sessions.create(user);
    expect(await sessions.resume(id)).not.toBeNull();
    await other.destroy(id);
    clock.advance(1000);
    expect(await sessions.resume(id)).toBeNull();
  });

  it('reads the store on every request by default, so a sign-out on any replica counts at once', async () => {
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
