import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runSessionStoreContract } from '../../../test/sessionStoreContract';
import { SqliteSessionStore } from './SqliteSessionStore';

runSessionStoreContract(
  'sqlite',
  async () => new SqliteSessionStore(mkdtempSync(path.join(tmpdir(), 'sessions-'))),
);

describe('SqliteSessionStore', () => {
  it('keeps sessions in a file of the data folder across reopening', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sessions-'));
    const first = new SqliteSessionStore(dir);
    await first.set('k', { v: 1 }, Date.now() + 60_000);
    await first.close();
    const second = new SqliteSessionStore(dir);
    expect(await second.get('k')).toEqual({ v: 1 });
    await second.close();
  });

  it('waits for the write lock of another connection without holding up the process, then writes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sessions-'));
    const lines: string[] = [];
    const logger = {
      warn: (_d: object, message: string) => lines.push(message),
      info: (_d: object, message: string) => lines.push(message),
    };
    const store = new SqliteSessionStore(dir, { lockPatienceMs: 2_000, logger });
    const other = new Database(path.join(dir, 'sessions.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    const written = store.set('k', { v: 2 }, Date.now() + 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    other.exec('ROLLBACK');
    await written;
    clearInterval(ticker);
    // The event loop ran while the write waited: timers fired.
    expect(ticks).toBeGreaterThan(5);
    expect(await store.get('k')).toEqual({ v: 2 });
    expect(lines).toEqual([]);
    other.close();
    await store.close();
  });

  it('fails a write after its patience while the lock stays, logs the outage once, and recovers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sessions-'));
    const lines: string[] = [];
    const logger = {
      warn: (_d: object, message: string) => lines.push(`warn ${message}`),
      info: (_d: object, message: string) => lines.push(`info ${message}`),
    };
    const store = new SqliteSessionStore(dir, { lockPatienceMs: 150, logger });
    const other = new Database(path.join(dir, 'sessions.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    await expect(store.set('k', 1, Date.now() + 60_000)).rejects.toMatchObject({
      code: 'SQLITE_BUSY',
    });
    await expect(store.take('k')).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(performance.now() - started).toBeLessThan(1_500);
    // Reading does not need the lock.
    expect(await store.get('k')).toBeNull();
    other.exec('ROLLBACK');
    await store.set('k', 1, Date.now() + 60_000);
    expect(await store.take('k')).toBe(1);
    expect(lines).toEqual([
      'warn sqlite session store: the file cannot be used (locked by another process, or damaged); requests that need it answer 503 until it is back',
      'info sqlite session store: the file is usable again',
    ]);
    other.close();
    await store.close();
  });
});
