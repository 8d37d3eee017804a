import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** Another process holding the write lock of SQLite files, as a backup tool or a stuck writer would. */
export interface SqliteLockHolder {
  /** Ends the transactions and the process. */
  release(): Promise<void>;
}

const HOLDER = `
const Database = require('better-sqlite3');
const held = process.argv.slice(1).map((file) => {
  const db = new Database(file);
  db.exec('BEGIN IMMEDIATE');
  return db;
});
process.stdout.write('locked\\n');
process.stdin.on('end', () => {
  for (const db of held) db.exec('ROLLBACK');
  process.exit(0);
});
process.stdin.resume();
`;

/** Starts a process that takes the write lock of every file in `files`; resolves once it holds them. */
export async function holdSqliteLocks(files: readonly string[]): Promise<SqliteLockHolder> {
  const child = spawn(process.execPath, ['-e', HOLDER, ...files], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  if (line.toString().trim() !== 'locked') throw new Error(`lock holder said ${line.toString()}`);
  return {
    async release() {
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
    },
  };
}
