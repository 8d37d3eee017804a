// Child process of the damaged-WAL-index test of the SQLite stores: writes to the sessions and
// analytics files, has their -shm files shrunk under them (as a cleanup job or a restore would),
// and uses them again. A crash here (SIGBUS) must not take the test runner with it. Prints one
// JSON line per call.
import { truncateSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteAnalyticsStore } from '../src/analytics/SqliteAnalyticsStore/SqliteAnalyticsStore';
import { SqliteSessionStore } from '../src/sessions/SqliteSessionStore/SqliteSessionStore';

const [dataDir] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: damagedWalIndexChild <dataDir>');
const sessions = new SqliteSessionStore(dataDir);
const analytics = new SqliteAnalyticsStore(dataDir);
const period = { from: new Date(0), to: new Date('2100-01-01') };

async function call(name: string, work: () => Promise<unknown>): Promise<void> {
  try {
    process.stdout.write(`${JSON.stringify({ [name]: await work() })}\n`);
  } catch (error) {
    const failure = error as { name?: string; statusCode?: number };
    process.stdout.write(
      `${JSON.stringify({ [name]: { error: failure.name, status: failure.statusCode } })}\n`,
    );
  }
}

await sessions.set('k', 'v', Date.now() + 60_000);
await analytics.recordSearch({
  query: 'backup',
  filters: {},
  resultCount: 1,
  tookMs: 1,
  kind: 'customer',
  at: new Date(),
});
await call('report', async () => (await analytics.report(period)).searches);
for (const file of ['sessions.sqlite-shm', 'analytics.sqlite-shm']) {
  truncateSync(join(dataDir, file), 0);
}
await call('get', () => sessions.get('k'));
await call('get', () => sessions.get('k'));
await call('report', async () => (await analytics.report(period)).searches);
await call('report', async () => (await analytics.report(period)).searches);
await sessions.close();
await analytics.close();
process.stdout.write('DONE\n');
