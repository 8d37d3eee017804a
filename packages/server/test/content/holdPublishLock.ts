/**
 * A process that takes a publish lock and holds it until its standard input closes or it is
 * killed, printing `held` once it has it: the other host of the lock tests.
 * Usage: node --import tsx holdPublishLock.ts file <root> <staleMs> <host>
 *        node --import tsx holdPublishLock.ts pg <url> <host>
 */
import { FilePublishLock } from '../../src/content/publishLock/FilePublishLock';
import { PgPublishLock } from '../../src/content/publishLock/PgPublishLock';

const [kind, where, ...rest] = process.argv.slice(2);
const lock =
  kind === 'pg'
    ? new PgPublishLock({ url: where ?? '', configField: 'test', host: rest[0] })
    : new FilePublishLock(where ?? '', { staleMs: Number(rest[0]), host: rest[1] });

await lock.withLock('guide', async (lost) => {
  process.stdout.write('held\n');
  await new Promise<void>((resolve) => {
    process.stdin.on('end', resolve);
    process.stdin.resume();
    lost.addEventListener('abort', () => resolve());
  });
  process.stdout.write(lost.aborted ? 'lost\n' : 'released\n');
});
