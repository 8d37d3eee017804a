import type Database from 'better-sqlite3';

/** A SQLite file written by a newer portal than this one: opening it could lose data. */
export class SqliteSchemaTooNewError extends Error {
  override name = 'SqliteSchemaTooNewError';
}

/**
 * Brings a SQLite file's schema up to date with versioned migrations, counted in
 * `PRAGMA user_version`: migration `i` (from 0) runs once, in one transaction together with
 * setting the version to `i + 1`, so a crash leaves the file at a whole version. Never reorder or
 * edit a released migration; append new ones.
 * @param what the store, for the error message (`analytics.sqlite`).
 * @throws SqliteSchemaTooNewError when the file's version is past the last migration known here.
 */
export function migrateSqlite(
  db: Database.Database,
  what: string,
  migrations: readonly string[],
): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > migrations.length) {
    throw new SqliteSchemaTooNewError(
      `${what} has schema version ${version}; this portal knows up to ${migrations.length}. Run a newer portal, or restore a backup.`,
    );
  }
  for (let next = version; next < migrations.length; next += 1) {
    db.transaction(() => {
      db.exec(migrations[next] as string);
      db.pragma(`user_version = ${next + 1}`);
    }).immediate();
  }
}
