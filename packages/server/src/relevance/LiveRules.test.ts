import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchRule } from '@docs-portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RULE_POLL_MS, LiveRules } from './LiveRules';
import { SqliteRuleStore } from './SqliteRuleStore';

const SYNONYM: SearchRule = { id: 's', kind: 'synonym', words: ['vm', 'virtual machine'] };

describe('rules in force on a replica', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('checks the store for a new version every 2 seconds by default, and loads it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'live-rules-'));
    dirs.push(dir);
    const store = new SqliteRuleStore(dir);
    // Another replica's store on the same file.
    const elsewhere = new SqliteRuleStore(dir);
    const checks = vi.spyOn(store, 'latestVersion');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const live = new LiveRules(store);
    await live.start();
    expect(live.version).toBe(0);
    await elsewhere.publish([SYNONYM], 'someone', 0);
    await vi.advanceTimersByTimeAsync(DEFAULT_RULE_POLL_MS - 1);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(live.version).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toHaveBeenCalledTimes(2);
    // The timer's check loaded the new version, nothing else asked.
    expect(live.version).toBe(1);
    expect(live.compiled?.synonyms).toEqual([['vm', 'virtual machine']]);
    live.stop();
    await store.close();
    await elsewhere.close();
  });

  it('keeps the last version in force while the store cannot be read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'live-rules-'));
    dirs.push(dir);
    const store = new SqliteRuleStore(dir);
    await store.publish([SYNONYM], 'someone', 0);
    const live = new LiveRules(store, { pollMs: 60_000 });
    await live.start();
    expect(live.version).toBe(1);
    await store.close();
    await expect(live.refresh()).rejects.toThrow();
    expect(live.version).toBe(1);
    expect(live.compiled?.synonyms).toEqual([['vm', 'virtual machine']]);
    live.stop();
  });
});
