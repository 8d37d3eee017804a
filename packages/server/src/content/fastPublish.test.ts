import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { docSetInput } from '../../test/content/contentHarness';
import { topicPage, writeFolder } from '../../test/content/docSetFolders';
import { testConfig } from '../../test/portalHarness';
import { DocSetError } from './DocSetError';
import { DocSetPublisher } from './DocSetPublisher';
import { prepareRelease } from './prepareRelease';
import { DEFAULT_PUBLISH_LIMITS, PublishBudget, type PublishProgress } from './PublishBudget';
import { MANIFEST_FILE, type ReleaseManifest } from './ReleaseStore';

const text = (bytes: number) => 'Backups keep your data safe. '.repeat(Math.ceil(bytes / 29));

function site(extra: Record<string, string | Buffer> = {}) {
  return writeFolder({
    'Default.htm': topicPage('Home', 'home v1'),
    'Content/Jobs.htm': topicPage('Jobs', 'jobs v1'),
    'Skins/site.css': `body { color: #222; }\n${text(4000)}`,
    'Resources/Images/shot.png': randomBytes(40_000),
    ...extra,
  });
}

function setup(folder: string) {
  const config = testConfig({ docSets: [docSetInput('guide', 'Guide', folder)] });
  return {
    publisher: new DocSetPublisher(config),
    store: path.join(config.dataDir, 'docsets/guide'),
  };
}

const inode = (file: string) => statSync(file).ino;

describe('publishing again links unchanged files from the served release', () => {
  it('hard-links unchanged files and their siblings, and writes changed ones anew', async () => {
    const folder = site();
    const { publisher, store } = setup(folder);
    await publisher.publish('guide', folder);
    writeFileSync(path.join(folder, 'Content/Jobs.htm'), topicPage('Jobs', 'jobs v2'));
    const second = await publisher.publish('guide', folder);
    const one = (f: string) => path.join(store, 'releases/1', f);
    const two = (f: string) => path.join(store, 'releases/2', f);
    for (const unchanged of [
      'Default.htm',
      'Default.htm.br',
      'Default.htm.gz',
      'Skins/site.css',
      'Skins/site.css.br',
      'Resources/Images/shot.png',
    ]) {
      expect(inode(two(unchanged)), unchanged).toBe(inode(one(unchanged)));
    }
    for (const changed of ['Content/Jobs.htm', 'Content/Jobs.htm.br', 'Content/Jobs.htm.gz']) {
      expect(inode(two(changed)), changed).not.toBe(inode(one(changed)));
    }
    expect(brotliDecompressSync(readFileSync(two('Content/Jobs.htm.br'))).toString()).toContain(
      'jobs v2',
    );
    expect(second.linkedCount).toBe(3);
    const manifest = (n: number) =>
      JSON.parse(
        readFileSync(path.join(store, `releases/${n}`, MANIFEST_FILE), 'utf8'),
      ) as ReleaseManifest;
    expect(manifest(2).digests['Default.htm.br']).toBe(manifest(1).digests['Default.htm.br']);
    expect(manifest(2).digests['Content/Jobs.htm']).not.toBe(
      manifest(1).digests['Content/Jobs.htm'],
    );
  });

  it('writes a changed image anew instead of linking the old one', async () => {
    const folder = site();
    const { publisher, store } = setup(folder);
    await publisher.publish('guide', folder);
    writeFileSync(path.join(folder, 'Resources/Images/shot.png'), randomBytes(40_000));
    await publisher.publish('guide', folder);
    expect(inode(path.join(store, 'releases/2/Resources/Images/shot.png'))).not.toBe(
      inode(path.join(store, 'releases/1/Resources/Images/shot.png')),
    );
    expect(readFileSync(path.join(store, 'releases/2/Resources/Images/shot.png'))).toEqual(
      readFileSync(path.join(folder, 'Resources/Images/shot.png')),
    );
  });
});

describe('preparing in worker threads', () => {
  it('links unchanged files from the previous release there too', async () => {
    const files = { 'a.htm': topicPage('A', 'a'), 'b.css': text(3000), 'c.png': randomBytes(5000) };
    const meta = { docSetId: 'guide', release: 1, source: '/src' };
    const budget = () => new PublishBudget(DEFAULT_PUBLISH_LIMITS);
    const first = writeFolder(files);
    await prepareRelease(first, meta, budget(), { basePath: '/docs', threads: 2 });
    const { digests } = JSON.parse(
      readFileSync(path.join(first, MANIFEST_FILE), 'utf8'),
    ) as ReleaseManifest;
    const second = writeFolder({ ...files, 'b.css': text(4000) });
    const prepared = await prepareRelease(second, { ...meta, release: 2 }, budget(), {
      basePath: '/docs',
      threads: 2,
      previous: { dir: first, digests },
    });
    expect(prepared.linkedCount).toBe(2);
    for (const same of ['a.htm', 'a.htm.br', 'a.htm.gz', 'c.png'])
      expect(inode(path.join(second, same)), same).toBe(inode(path.join(first, same)));
    expect(inode(path.join(second, 'b.css'))).not.toBe(inode(path.join(first, 'b.css')));
  });
});

describe('precompression', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes .gz and .br only for compressible types of 1 KB or more that shrink (in worker threads)', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'release-'));
    const files: Record<string, string | Buffer> = {
      'big.css': text(5000),
      'big.json': JSON.stringify({ words: text(5000) }),
      'big.svg': `<svg xmlns="http://www.w3.org/2000/svg"><title>${text(3000)}</title></svg>`,
      'small.css': 'body{}',
      'just-under.txt': 'x'.repeat(1023),
      'noise.js': randomBytes(20_000).toString('base64'),
      'photo.png': Buffer.concat([Buffer.from(text(5000)), randomBytes(100)]),
      'video.mp4': Buffer.from(text(50_000)),
      'unknown.bin': Buffer.from(text(5000)),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(root, name), body);
    const prepared = await prepareRelease(
      root,
      { docSetId: 'guide', release: 1, source: '/src' },
      new PublishBudget(DEFAULT_PUBLISH_LIMITS),
      { threads: 2 },
    );
    const siblings = readdirSync(root).filter((f) => /\.(gz|br)$/.test(f));
    expect(siblings.sort()).toEqual(
      [
        'big.css.br',
        'big.css.gz',
        'big.json.br',
        'big.json.gz',
        'big.svg.br',
        'big.svg.gz',
        // base64 noise still shrinks by a quarter (6 bits of 8 used)
        'noise.js.br',
        'noise.js.gz',
      ].sort(),
    );
    expect(prepared).toMatchObject({ fileCount: 9, compressedCount: 4, linkedCount: 0 });
  });

  it('reports each prepared file with the total', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'release-'));
    for (const name of ['a.htm', 'b.htm', 'c.png']) writeFileSync(path.join(root, name), name);
    const seen: PublishProgress[] = [];
    await prepareRelease(
      root,
      { docSetId: 'guide', release: 1, source: '/src' },
      new PublishBudget(DEFAULT_PUBLISH_LIMITS, undefined, (p) => seen.push(p)),
    );
    expect(seen.map((p) => [p.phase, p.files, p.total])).toEqual([
      ['preparing', 1, 3],
      ['preparing', 2, 3],
      ['preparing', 3, 3],
    ]);
  });
});

describe('a failing preparing worker', () => {
  it('fails the publish naming the file, leaving the served release and no staging behind', async () => {
    const folder = site();
    const { publisher, store } = setup(folder);
    await publisher.publish('guide', folder);
    // A folder where the page's brotli sibling must go: the worker cannot write it.
    mkdirSync(path.join(folder, 'Content/Jobs.htm.br'));
    writeFileSync(path.join(folder, 'Content/Jobs.htm.br/x.txt'), 'x');
    writeFileSync(path.join(folder, 'Content/Jobs.htm'), topicPage('Jobs', 'jobs v2'));
    const error = await publisher.publish('guide', folder).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocSetError);
    expect((error as DocSetError).code).toBe('prepare_failed');
    expect((error as DocSetError).message).toMatch(
      /^Could not prepare "Content\/Jobs\.htm" for publishing \(.*\); nothing was published\.$/,
    );
    expect(readdirSync(path.join(store, 'releases'))).toEqual(['1']);
    expect(existsSync(path.join(store, 'staging'))).toBe(false);
    expect(readFileSync(path.join(store, 'current/Content/Jobs.htm'), 'utf8')).toContain('jobs v1');
  });

  it('turns a worker thread that dies into an error naming the file, writing no manifest', async () => {
    const root = writeFolder({ 'a.htm': 'a', 'crash.htm': 'b', 'c.htm': 'c' });
    const error = await prepareRelease(
      root,
      { docSetId: 'guide', release: 1, source: '/src' },
      new PublishBudget(DEFAULT_PUBLISH_LIMITS),
      { workerFile: new URL('../../test/content/crashingPrepareWorker.ts', import.meta.url) },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocSetError);
    expect((error as DocSetError).message).toMatch(
      /^Could not prepare "crash\.htm" for publishing/,
    );
    expect(existsSync(path.join(root, MANIFEST_FILE))).toBe(false);
  });
});
