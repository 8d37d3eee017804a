import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore } from '../src/sessions/SessionStore';

/** What sets a backend apart where the contract allows a difference. */
export interface SessionStoreTraits {
  /**
   * The backend removes expired records by itself (Redis): `purgeExpired` then finds nothing left
   * and answers 0. Stores that keep expired rows until purged must count them.
   */
  expiresByItself?: boolean;
}

/**
 * The contract every SessionStore implementation passes (SQLite, Redis, PostgreSQL): run it from a
 * test file of each implementation with a factory for a fresh, empty store.
 */
export function runSessionStoreContract(
  name: string,
  makeStore: () => Promise<SessionStore>,
  traits: SessionStoreTraits = {},
): void {
  describe(`SessionStore contract: ${name}`, () => {
    let store: SessionStore;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    it('returns what was set, as JSON, until it expires', async () => {
      const value = { user: { sub: 'a', name: 'Ä ✓' }, n: [1, 2] };
      await store.set('k1', value, Date.now() + 60_000);
      expect(await store.get('k1')).toEqual(value);
      await store.set('k2', value, Date.now() - 1);
      expect(await store.get('k2')).toBeNull();
    });

    it('answers null for a missing key and replaces on set', async () => {
      expect(await store.get('missing')).toBeNull();
      await store.set('k', { v: 1 }, Date.now() + 60_000);
      await store.set('k', { v: 2 }, Date.now() + 60_000);
      expect(await store.get('k')).toEqual({ v: 2 });
    });

    it('deletes, and deleting a missing key is not an error', async () => {
      await store.set('k', { v: 1 }, Date.now() + 60_000);
      await store.delete('k');
      await store.delete('k');
      expect(await store.get('k')).toBeNull();
    });

    it('takes a record exactly once, even under concurrent takes', async () => {
      await store.set('once', { v: 1 }, Date.now() + 60_000);
      const results = await Promise.all([
        store.take('once'),
        store.take('once'),
        store.take('once'),
      ]);
      expect(results.filter((r) => r !== null)).toEqual([{ v: 1 }]);
      expect(await store.get('once')).toBeNull();
    });

    it('purges expired records only', async () => {
      await store.set('old', { v: 1 }, Date.now() - 1000);
      await store.set('new', { v: 2 }, Date.now() + 60_000);
      if (traits.expiresByItself) expect(await store.purgeExpired()).toBe(0);
      else expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
      expect(await store.get('old')).toBeNull();
      expect(await store.get('new')).toEqual({ v: 2 });
      expect(await store.purgeExpired()).toBe(0);
    });

    it('takes nothing from a missing or expired record', async () => {
      expect(await store.take('missing')).toBeNull();
      await store.set('gone', { v: 1 }, Date.now() - 1);
      expect(await store.take('gone')).toBeNull();
    });

    it('hides a live record replaced by an expired one', async () => {
      await store.set('k', { v: 1 }, Date.now() + 60_000);
      await store.set('k', { v: 2 }, Date.now() - 1);
      expect(await store.get('k')).toBeNull();
      expect(await store.take('k')).toBeNull();
    });

    it('keeps records under different keys apart', async () => {
      await store.set('a', { v: 'a' }, Date.now() + 60_000);
      await store.set('b', { v: 'b' }, Date.now() + 60_000);
      await store.delete('a');
      expect(await store.take('b')).toEqual({ v: 'b' });
      expect(await store.get('a')).toBeNull();
      expect(await store.get('b')).toBeNull();
    });

    it('expires a record at its expiry time, not before', async () => {
      const expiresAt = Date.now() + 300;
      await store.set('soon', { v: 1 }, expiresAt);
      expect(await store.get('soon')).toEqual({ v: 1 });
      await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 20));
      expect(await store.get('soon')).toBeNull();
      expect(await store.take('soon')).toBeNull();
    });

    it('answers ping while it is up', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('gives a new version after every write, when it has versions, and the same one meanwhile', async () => {
      if (store.version === undefined) return;
      const seen = new Set<string>();
      const next = async () => {
        const version = await store.version!();
        expect(await store.version!()).toBe(version);
        expect(seen.has(version)).toBe(false);
        seen.add(version);
      };
      await next();
      await store.get('k');
      expect(seen.has(await store.version())).toBe(true);
      await store.set('k', 1, Date.now() + 60_000);
      await next();
      await store.take('k');
      await next();
      await store.set('k', 1, Date.now() - 1);
      await next();
      await store.purgeExpired();
      await next();
      await store.delete('k');
      await next();
    });
  });
}
