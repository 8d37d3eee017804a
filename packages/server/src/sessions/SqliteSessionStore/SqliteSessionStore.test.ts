import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
});
