import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSearchEngine } from './createSearchEngine';

describe('createSearchEngine', () => {
  it('creates the SQLite engine with its index under dataDir/search', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'search-create-'));
    const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
    expect(engine.id).toBe('sqlite');
    await expect(engine.ping()).resolves.toBeUndefined();
    expect(await engine.stats()).toMatchObject({ docSets: 0, pages: 0, sections: 0 });
    await engine.close();
    await expect(engine.ping()).rejects.toThrow(/closed/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the known engines when the id is unknown', async () => {
    await expect(createSearchEngine({ engine: 'elastic', dataDir: tmpdir() })).rejects.toThrow(
      'unknown search engine "elastic": known engines are "sqlite", "postgres"',
    );
  });
});
