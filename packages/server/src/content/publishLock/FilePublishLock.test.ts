import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLockHolder } from '../../../test/content/lockHolderProcess';
import { runPublishLockContract } from '../../../test/content/publishLockContract';
import { DocSetError } from '../DocSetError';
import { FilePublishLock } from './FilePublishLock';

const root = mkdtempSync(path.join(tmpdir(), 'file-lock-'));
runPublishLockContract('FilePublishLock', (host) => new FilePublishLock(root, { host }));

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (error: unknown) => error,
  );
}

describe('the file publish lock across processes', () => {
  it('is refused to a second process while the first holds it, and free once it lets go', async () => {
    const shared = mkdtempSync(path.join(tmpdir(), 'file-lock-'));
    const holder = startLockHolder(['file', shared, '30000', 'web-1']);
    await holder.held;
    const here = new FilePublishLock(shared, { host: 'web-2' });
    const refused = await outcome(here.withLock('guide', async () => 'ran'));
    expect(refused).toBeInstanceOf(DocSetError);
    expect((refused as DocSetError).message).toContain('host web-1');
    holder.child.stdin.end();
    expect(await holder.exited).toBe(0);
    expect(holder.output()).toContain('released');
    expect(existsSync(path.join(shared, 'guide/.lock'))).toBe(false);
    expect(await here.withLock('guide', async () => 'ran')).toBe('ran');
  });

  it('takes over the lock of a killed process by age only: refused while fresh, taken once stale', async () => {
    const shared = mkdtempSync(path.join(tmpdir(), 'file-lock-'));
    const holder = startLockHolder(['file', shared, '4000', 'web-1']);
    await holder.held;
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(existsSync(path.join(shared, 'guide/.lock'))).toBe(true);
    const here = new FilePublishLock(shared, { staleMs: 4_000, host: 'web-2' });
    // The holder is dead, but a lock is judged by age alone (its process id means nothing to
    // another host), so it is still refused right away.
    expect(await outcome(here.withLock('guide', async () => 'ran'))).toMatchObject({
      code: 'busy',
    });
    const started = Date.now();
    expect(await here.withLock('guide', async () => 'ran', { wait: true })).toBe('ran');
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('tells a holder whose lock was taken over as stale that it lost it', async () => {
    const shared = mkdtempSync(path.join(tmpdir(), 'file-lock-'));
    const holder = startLockHolder(['file', shared, '2000', 'web-1']);
    await holder.held;
    // Frozen (a stopped VM, a long pause): it cannot refresh the lock, so the lock goes stale.
    holder.child.kill('SIGSTOP');
    const here = new FilePublishLock(shared, { staleMs: 2_000, host: 'web-2' });
    const release = here.withLock(
      'guide',
      async () => {
        holder.child.kill('SIGCONT');
        await new Promise<void>((resolve) =>
          holder.child.stdout.on('data', () => holder.output().includes('lost') && resolve()),
        );
        return 'taken over';
      },
      { wait: true },
    );
    expect(await release).toBe('taken over');
    holder.child.stdin.end();
    await holder.exited;
    expect(holder.output()).toContain('lost');
  });
});
