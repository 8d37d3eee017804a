import { describe, expect, it } from 'vitest';
import { DocSetError } from '../../src/content/DocSetError';
import type { PublishLock } from '../../src/content/publishLock/PublishLock';

/** Makes the lock one host sees; two calls with different hosts must contend for the same locks. */
export type PublishLockFactory = (host: string) => PublishLock | Promise<PublishLock>;

async function busyError(promise: Promise<unknown>): Promise<DocSetError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocSetError);
  expect((error as DocSetError).code).toBe('busy');
  return error as DocSetError;
}

/** A promise and the function that settles it, to hold a lock until a test says so. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * The behaviour every PublishLock must have, run against each implementation (like the search
 * engines' contract suite), with two "hosts" sharing the same data folder or database.
 */
export function runPublishLockContract(name: string, makeLock: PublishLockFactory): void {
  describe(`${name}: the publish lock contract`, () => {
    it('lets one host hold a doc set at a time and names the holder to the other', async () => {
      const web1 = await makeLock('web-1');
      const web2 = await makeLock('web-2');
      const held = gate();
      const release = gate();
      const holding = web1.withLock('guide', async () => {
        held.open();
        await release.opened;
        return 'done by web-1';
      });
      await held.opened;
      const error = await busyError(web2.withLock('guide', async () => 'never'));
      expect(error.message).toMatch(/host web-1, process \d+/);
      release.open();
      expect(await holding).toBe('done by web-1');
      expect(await web2.withLock('guide', async () => 'done by web-2')).toBe('done by web-2');
    });

    it('keeps doc sets apart: another doc set is free while one is held', async () => {
      const web1 = await makeLock('web-1');
      const web2 = await makeLock('web-2');
      const release = gate();
      const held = gate();
      const holding = web1.withLock('guide', async () => {
        held.open();
        await release.opened;
      });
      await held.opened;
      expect(await web2.withLock('runbooks', async () => 'free')).toBe('free');
      release.open();
      await holding;
    });

    it('makes a waiting host run once the holder is done, and releases after a failing task', async () => {
      const web1 = await makeLock('web-1');
      const web2 = await makeLock('web-2');
      const order: string[] = [];
      const held = gate();
      const holding = web1.withLock('guide', async () => {
        held.open();
        await new Promise((resolve) => setTimeout(resolve, 300));
        order.push('web-1');
        throw new Error('publish failed');
      });
      await held.opened;
      const waiting = web2.withLock(
        'guide',
        async (lost) => {
          order.push('web-2');
          return lost.aborted;
        },
        { wait: true },
      );
      await expect(holding).rejects.toThrow('publish failed');
      expect(await waiting).toBe(false);
      expect(order).toEqual(['web-1', 'web-2']);
    });
  });
}
