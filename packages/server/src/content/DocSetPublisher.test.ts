import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docSetInput } from '../../test/content/contentHarness';
import { tarGz, zip } from '../../test/content/archiveWriters';
import { topicPage, versionedSite, writeFolder } from '../../test/content/docSetFolders';
import { testConfig } from '../../test/portalHarness';
import { createTestDatabase } from '../../test/services/testServers';
import type { PortalConfig } from '../config/schema';
import { DocSetError } from './DocSetError';
import { DocSetPublisher, type DocSetPublisherOptions } from './DocSetPublisher';
import type { PublishLock } from './publishLock/PublishLock';
import { ServedReleases } from './ServedReleases';

function setup(folder = writeFolder(versionedSite('v1')), options: DocSetPublisherOptions = {}) {
  const config = testConfig({
    docSets: [docSetInput('guide', 'Guide', folder, { defaultPage: 'Default.htm' })],
  });
  return {
    config,
    folder,
    library: new DocSetPublisher(config, options),
    store: path.join(config.dataDir, 'docsets/guide'),
  };
}

async function rejection(promise: Promise<unknown>): Promise<DocSetError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocSetError);
  return error as DocSetError;
}

/** What the `current` pointer of the `guide` store in `config` serves as `file`. */
function served(config: PortalConfig, file = 'Default.htm'): string | null {
  const current = path.join(config.dataDir, 'docsets/guide/current', file);
  return existsSync(current) ? readFileSync(current, 'utf8') : null;
}

describe('publishing a folder', () => {
  it('copies it into releases/1, points current at it, and precompresses text files of 1 KB or more', async () => {
    const { library, store, folder, config } = setup();
    utimesSync(
      path.join(folder, 'Skins/site.css'),
      new Date('2024-03-04T05:06:07Z'),
      new Date('2024-03-04T05:06:07Z'),
    );
    const result = await library.publish('guide', folder);
    expect(result).toMatchObject({ release: 1, fileCount: 11 });
    expect(readlinkSync(path.join(store, 'current'))).toBe('releases/1');
    const release = path.join(store, 'releases/1');
    expect(existsSync(path.join(release, 'Content/Jobs/CreateJob.htm.br'))).toBe(true);
    expect(existsSync(path.join(release, 'Content/Jobs/CreateJob.htm.gz'))).toBe(true);
    expect(existsSync(path.join(release, 'Content/notes.txt.gz'))).toBe(false);
    expect(existsSync(path.join(release, 'Resources/Images/diagram.png.gz'))).toBe(false);
    expect(statSync(path.join(release, 'Skins/site.css')).mtime.toISOString()).toBe(
      '2024-03-04T05:06:07.000Z',
    );
    const releases = new ServedReleases(config, { watch: false, pollIntervalMs: 0 });
    await releases.start();
    expect(releases.current('guide')?.file('Skins/site.css')?.lastModified).toBe(
      'Mon, 04 Mar 2024 05:06:07 GMT',
    );
    expect(existsSync(path.join(store, 'staging'))).toBe(false);
  });

  it('leaves dotfiles out and copies a link that stays inside as a plain file', async () => {
    const folder = writeFolder({ 'a.htm': 'A', '.git/config': 'x', '.DS_Store': 'x' });
    symlinkSync(path.join(folder, 'a.htm'), path.join(folder, 'b.htm'));
    const { library, store } = setup(folder);
    await library.publish('guide', folder);
    expect(readdirSync(path.join(store, 'releases/1')).sort()).toEqual([
      '.link-report.json',
      '.pages.json',
      '.redirects.json',
      '.release.json',
      'a.htm',
      'b.htm',
    ]);
    expect(lstatSync(path.join(store, 'releases/1/b.htm')).isFile()).toBe(true);
  });

  it('refuses a folder holding a link that points outside it, changing nothing', async () => {
    const { library, store, folder, config } = setup();
    await library.publish('guide', folder);
    const bad = writeFolder({ 'a.htm': 'A' });
    symlinkSync('/etc/passwd', path.join(bad, 'passwd.htm'));
    const error = await rejection(library.publish('guide', bad));
    expect(error.code).toBe('bad_source');
    expect(error.message).toContain('pointing outside');
    expect(readdirSync(path.join(store, 'releases'))).toEqual(['1']);
    expect(served(config)).toContain('Home v1');
  });

  it.each([
    ['an unknown doc set', 'nope', () => '/tmp', 'unknown_doc_set', 'Known doc sets: guide'],
    ['a missing folder', 'guide', () => '/no/such/folder', 'source_missing', 'does not exist'],
    [
      'a file that is no archive',
      'guide',
      () => path.join(writeFolder({ 'x.htm': 'x' }), 'x.htm'),
      'bad_source',
      'neither a folder',
    ],
    [
      'an empty folder',
      'guide',
      () => writeFolder({ '.only-dotfile': 'x' }),
      'bad_source',
      'holds no files',
    ],
  ])('refuses %s with a clear message', async (_what, id, source, code, message) => {
    const { library } = setup();
    const error = await rejection(library.publish(id, source()));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('refuses a source over the size limits', async () => {
    const { library, folder } = setup(undefined, { limits: { maxFiles: 3 } });
    expect((await rejection(library.publish('guide', folder))).code).toBe('too_large');
    const big = setup(undefined, { limits: { maxFileBytes: 100_000 } });
    expect((await rejection(big.library.publish('guide', big.folder))).message).toContain(
      'Data/Big.js',
    );
  });
});

describe('publishing an archive', () => {
  const files = [
    { name: 'site/', kind: 'folder' as const },
    { name: 'site/Default.htm', data: '<h1>from archive</h1>' },
    { name: 'site/Content/Page.htm', data: topicPage('Page', 'archived', 3000) },
    { name: 'site/.hidden', data: 'x' },
  ];

  it.each([
    ['site.tar.gz', tarGz(files)],
    ['site.tgz', tarGz(files)],
    ['site.zip', zip(files)],
  ])('publishes %s from inside its single top-level folder', async (name, data) => {
    const { library, store, config } = setup();
    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'archive-')), name);
    writeFileSync(archive, data);
    const result = await library.publish('guide', archive);
    expect(result.fileCount).toBe(2);
    expect(served(config)).toMatch(
      /^<h1>from archive<\/h1>\n?<script src="\/docs\/search-client\/highlight\.js" defer><\/script>/,
    );
    expect(existsSync(path.join(store, 'releases/1/Content/Page.htm.br'))).toBe(true);
    expect(existsSync(path.join(store, 'releases/1/.hidden'))).toBe(false);
    expect(statSync(path.join(store, 'releases/1/Default.htm')).mtime.getUTCFullYear()).toBe(2024);
  });

  const hostile: Array<[string, string, Buffer]> = [
    [
      'a tar entry climbing out with ..',
      'evil.tgz',
      tarGz([
        { name: 'ok.htm', data: 'x' },
        { name: '../../evil.htm', data: 'EVIL' },
      ]),
    ],
    [
      'a tar entry with an absolute path',
      'evil.tgz',
      tarGz([{ name: '/tmp/evil-abs.htm', data: 'EVIL' }]),
    ],
    [
      'a tar symbolic link',
      'evil.tgz',
      tarGz([{ name: 'passwd.htm', kind: 'symlink', target: '/etc/passwd' }]),
    ],
    [
      'a zip entry climbing out with ..',
      'evil.zip',
      zip([
        { name: 'ok.htm', data: 'x' },
        { name: '../evil.htm', data: 'EVIL' },
      ]),
    ],
    [
      'a zip entry with an absolute path',
      'evil.zip',
      zip([{ name: '/tmp/evil-abs.htm', data: 'EVIL' }]),
    ],
    ['a zip entry with a backslash', 'evil.zip', zip([{ name: '..\\evil.htm', data: 'EVIL' }])],
    [
      'a zip symbolic link',
      'evil.zip',
      zip([{ name: 'passwd.htm', kind: 'symlink', target: '/etc/passwd' }]),
    ],
    ['a .tgz that is not gzip', 'bad.tgz', Buffer.from('this is not an archive at all')],
    [
      'a truncated .tar.gz',
      'cut.tar.gz',
      tarGz([{ name: 'a.htm', data: 'x'.repeat(5000) }]).subarray(0, 40),
    ],
    ['a .zip that is not a zip', 'bad.zip', Buffer.from('PK not really')],
  ];

  it.each(hostile)('refuses %s as a whole, changing nothing', async (_what, name, data) => {
    const { library, store, folder } = setup();
    await library.publish('guide', folder);
    const dir = mkdtempSync(path.join(tmpdir(), 'archive-'));
    const archive = path.join(dir, name);
    writeFileSync(archive, data);
    const error = await rejection(library.publish('guide', archive));
    expect(error.code).toBe('bad_source');
    expect(error.message).toContain(archive);
    expect(readlinkSync(path.join(store, 'current'))).toBe('releases/1');
    expect(readdirSync(path.join(store, 'releases'))).toEqual(['1']);
    expect(existsSync(path.join(store, 'staging'))).toBe(false);
    expect(existsSync(path.join(store, 'evil.htm'))).toBe(false);
    expect(existsSync(path.join(dir, 'evil.htm'))).toBe(false);
    expect(existsSync('/tmp/evil-abs.htm')).toBe(false);
  });
});

describe('rollback, retention and interruptions', () => {
  it('rolls back to the previous release, then refuses when there is none older', async () => {
    const { library, config } = setup();
    await library.publish('guide', writeFolder(versionedSite('v1')));
    await library.publish('guide', writeFolder(versionedSite('v2')));
    expect(served(config)).toContain('Home v2');
    const result = await library.rollback('guide');
    expect(result).toMatchObject({ from: 2, to: 1 });
    expect(served(config)).toContain('Home v1');
    const error = await rejection(library.rollback('guide'));
    expect(error.code).toBe('no_previous_release');
  });

  it('keeps the newest releases and deletes older ones', async () => {
    const { library, store, folder } = setup(undefined, { keepReleases: 2 });
    for (let i = 0; i < 4; i++) await library.publish('guide', folder);
    expect(readdirSync(path.join(store, 'releases')).sort()).toEqual(['3', '4']);
    const statuses = await library.list();
    expect(statuses[0]?.releases.map((r) => [r.release, r.current])).toEqual([
      [3, false],
      [4, true],
    ]);
  });

  it('leaves the served release untouched when a publish is cancelled mid-copy', async () => {
    const { library, store, config } = setup();
    await library.publish('guide', writeFolder(versionedSite('v1')));
    const cancel = new AbortController();
    const error = await rejection(
      library.publish('guide', writeFolder(versionedSite('v2')), {
        signal: cancel.signal,
        onProgress: ({ files }) => files === 3 && cancel.abort(),
      }),
    );
    expect(error.code).toBe('aborted');
    expect(readlinkSync(path.join(store, 'current'))).toBe('releases/1');
    expect(readdirSync(path.join(store, 'releases'))).toEqual(['1']);
    expect(existsSync(path.join(store, 'staging'))).toBe(false);
    expect(served(config)).toContain('Home v1');
  });

  it('cleans up after a publish whose process died, taking over its lock once it is stale by age', async () => {
    const { library, store, folder } = setup();
    await library.publish('guide', folder);
    mkdirSync(path.join(store, 'staging/other-host-1234-dead/release/Content'), {
      recursive: true,
    });
    writeFileSync(
      path.join(store, 'staging/other-host-1234-dead/release/Content/half.htm'),
      'half',
    );
    mkdirSync(path.join(store, '.lock'));
    const longAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(path.join(store, '.lock'), longAgo, longAgo);
    expect(readlinkSync(path.join(store, 'current'))).toBe('releases/1');
    const result = await library.publish('guide', folder);
    expect(result.release).toBe(2);
    expect(existsSync(path.join(store, 'staging'))).toBe(false);
    expect(existsSync(path.join(store, '.lock'))).toBe(false);
  });

  it('refuses to publish while a fresh lock is held, naming its holder, whatever its process id', async () => {
    const { library, store, folder } = setup();
    mkdirSync(path.join(store, '.lock'), { recursive: true });
    // A process id of another host: it may not exist here, and must not make the lock look stale.
    writeFileSync(
      path.join(store, '.lock-holder'),
      JSON.stringify({ host: 'web-2', pid: 999_999, since: '2026-01-01T00:00:00.000Z' }),
    );
    const error = await rejection(library.publish('guide', folder));
    expect(error.code).toBe('busy');
    expect(error.message).toContain('host web-2, process 999999');
    expect(existsSync(path.join(store, 'releases'))).toBe(false);
  });

  it('changes nothing served when its lock is lost while it works', async () => {
    const { config, store, folder } = setup();
    const losing: PublishLock = {
      description: 'a lock taken over while the publish copies',
      async withLock(_docSetId, task) {
        const lost = new AbortController();
        const running = task(lost.signal);
        lost.abort();
        return running;
      },
    };
    await new DocSetPublisher(config).publish('guide', folder);
    const error = await rejection(
      new DocSetPublisher(config, { lock: losing }).publish(
        'guide',
        writeFolder(versionedSite('v2')),
      ),
    );
    expect(error.code).toBe('lock_lost');
    expect(readlinkSync(path.join(store, 'current'))).toBe('releases/1');
    expect(served(config)).toContain('Home v1');
    await new DocSetPublisher(config).publish('guide', writeFolder(versionedSite('v2')));
    const rollback = await rejection(
      new DocSetPublisher(config, { lock: losing }).rollback('guide'),
    );
    expect(rollback.code).toBe('lock_lost');
    expect(readlinkSync(path.join(store, 'current'))).toBe('releases/2');
  });

  it('refuses a source folder that contains the data folder', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'parent-'));
    writeFileSync(path.join(parent, 'a.htm'), 'x');
    const config: PortalConfig = testConfig({
      dataDir: path.join(parent, 'data'),
      docSets: [docSetInput('guide', 'Guide', parent)],
    });
    const error = await rejection(new DocSetPublisher(config).publish('guide', parent));
    expect(error.message).toContain("contains the portal's data folder");
  });
});

describe('first releases (server start-up)', () => {
  it('publishes the configured folder when nothing is published, and only then', async () => {
    const { library, config } = setup();
    expect((await library.publishFirstReleases()).map((r) => r.release)).toEqual([1]);
    expect(await new DocSetPublisher(config).publishFirstReleases()).toEqual([]);
    expect((await library.list())[0]?.releases).toHaveLength(1);
  });

  it('publishes once when replicas start together', async () => {
    const { config } = setup();
    const replicas = [new DocSetPublisher(config), new DocSetPublisher(config)];
    const results = await Promise.all(replicas.map((r) => r.publishFirstReleases()));
    expect(results.flat().map((r) => r.release)).toEqual([1]);
    expect((await replicas[0]!.list())[0]?.releases.map((r) => r.release)).toEqual([1]);
  });

  it('publishes once when replicas using PostgreSQL start together, locking in the database', async () => {
    const database = await createTestDatabase();
    try {
      const folder = writeFolder(versionedSite('v1'));
      const config = testConfig({
        docSets: [docSetInput('guide', 'Guide', folder)],
        search: { engine: 'postgres', postgres: { url: database.url } },
      });
      const replicas = [new DocSetPublisher(config), new DocSetPublisher(config)];
      const results = await Promise.all(replicas.map((r) => r.publishFirstReleases()));
      expect(results.flat().map((r) => r.release)).toEqual([1]);
      expect(existsSync(path.join(config.dataDir, 'docsets/guide/.lock'))).toBe(false);
      expect(existsSync(path.join(config.dataDir, 'docsets/guide/releases/2'))).toBe(false);
    } finally {
      await database.drop();
    }
  });

  it('publishes nothing and warns when the configured folder does not exist', async () => {
    const warnings: string[] = [];
    const { config } = setup('/no/such/folder');
    const library = new DocSetPublisher(config, {
      logger: { info() {}, error() {}, warn: (_data, message) => void warnings.push(message) },
    });
    expect(await library.publishFirstReleases()).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('doc set folder not found') as unknown]);
    expect(served(config)).toBeNull();
  });
});
