/**
 * Publishing speed on a Flare-style site with assets (issue 13 item 5): about 1,600 files and
 * 120 MB (700 topics, a skin, 870 images, a few multi-MB videos and PDFs), published cold, then
 * again after changing a few files (unchanged files should come from the previous release).
 * Prints files/s and MB/s of each run. Goal: >= 300 files/s on 2 cores.
 *
 * Run: `node --import tsx bench/publish/publishSpeed.ts [--pages 700] [--keep]`
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DocSetPublisher,
  parseConfig,
  type PublishProgress,
  type PublishResult,
} from '@docs-portal/server';
import { writeFlareAssets } from '../corpus/flareAssets';
import { generateSyntheticDocSet } from '../corpus/generateSyntheticDocSet';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '700' },
    keep: { type: 'boolean', default: false },
  },
});

interface SiteShape {
  files: number;
  bytes: number;
  topics: string[];
  images: string[];
}

async function writeSite(dir: string, pages: number): Promise<SiteShape> {
  await generateSyntheticDocSet({ outDir: dir, pages, seed: 13 });
  const assets = await writeFlareAssets(dir);
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  let bytes = 0;
  for (const file of files) bytes += (await stat(path.join(dir, file))).size;
  return {
    files: files.length,
    bytes,
    topics: files.filter((f) => f.endsWith('.htm')).sort(),
    images: assets.files.filter((f) => f.endsWith('.png')),
  };
}

/** Edits a few topics and replaces one screenshot: a typical documentation fix. */
async function changeAFew(dir: string, site: SiteShape): Promise<number> {
  const touched = site.topics.filter((_, i) => i % 100 === 1);
  for (const topic of touched) {
    const file = path.join(dir, topic);
    const html = await readFile(file, 'utf8');
    await writeFile(file, html.replace('</h1>', ' (updated)</h1>'));
  }
  const image = path.join(dir, site.images[0] as string);
  const bytes = await readFile(image);
  bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
  await writeFile(image, bytes);
  return touched.length + 1;
}

/** Seconds from the start to the first prepared file: the copying phase. */
let copySeconds = 0;

async function timed(
  run: (onProgress: (p: PublishProgress) => void) => Promise<PublishResult>,
): Promise<[PublishResult, number]> {
  const started = performance.now();
  copySeconds = 0;
  const result = await run((p) => {
    if (p.phase === 'preparing' && copySeconds === 0)
      copySeconds = (performance.now() - started) / 1000;
  });
  return [result, (performance.now() - started) / 1000];
}

/** Files of release `b` that are the same inode as in release `a`. */
async function sharedInodes(a: string, b: string, files: string[]): Promise<number> {
  let shared = 0;
  for (const file of files) {
    const [x, y] = await Promise.all([stat(path.join(a, file)), stat(path.join(b, file))]);
    if (x.ino === y.ino) shared += 1;
  }
  return shared;
}

const work = await mkdtemp(path.join(tmpdir(), 'publish-bench-'));
try {
  const siteDir = path.join(work, 'site');
  const site = await writeSite(siteDir, Number(values.pages));
  const megabytes = site.bytes / 1024 / 1024;
  console.log(
    `site: ${site.files} files, ${megabytes.toFixed(1)} MB (${site.topics.length} topics), ${availableParallelism()} cores`,
  );
  const config = parseConfig(
    {
      dataDir: path.join(work, 'data'),
      logLevel: 'silent',
      docSets: [
        {
          id: 'flare',
          mount: 'Bench/Flare',
          folder: siteDir,
          title: 'Bench',
          product: 'Bench',
          version: '1',
          docType: 'User Guide',
        },
      ],
    },
    { env: {} },
  );
  const publisher = new DocSetPublisher(config);
  const report = (label: string, result: PublishResult, seconds: number) =>
    console.log(
      `${label}: ${seconds.toFixed(2)} s, ${(result.fileCount / seconds).toFixed(0)} files/s, ${(megabytes / seconds).toFixed(1)} MB/s, ${result.compressedCount} precompressed, copying ${copySeconds.toFixed(2)} s`,
    );
  const [cold, coldSeconds] = await timed((onProgress) =>
    publisher.publish('flare', siteDir, { onProgress }),
  );
  report('cold publish   ', cold, coldSeconds);
  const changed = await changeAFew(siteDir, site);
  const [again, againSeconds] = await timed((onProgress) =>
    publisher.publish('flare', siteDir, { onProgress }),
  );
  report(`after ${changed} changes`, again, againSeconds);
  const { readdir } = await import('node:fs/promises');
  const released = (await readdir(cold.releaseDir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(cold.releaseDir, path.join(e.parentPath, e.name)));
  const shared = await sharedInodes(cold.releaseDir, again.releaseDir, released);
  console.log(
    `second release shares ${shared} of ${released.length} files with the first (hard links)`,
  );
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}
