/**
 * Cost of link integrity at publish (issue 15): a synthetic doc set of 10,000 topics (pages that
 * link to each other and to sections) published cold, then again after moving 2% of the pages,
 * renaming a heading in 2% and removing 1%. For each publish it prints the whole publish time, the
 * time of the comparison and link check step (moves, redirect map, anchor aliases, checking every
 * internal link and anchor, writing the report), and the time spent reading page facts (title,
 * ids, headings, links) while pages are prepared, measured here again in one thread. Goal: the
 * added time is at most 20% of the publish.
 *
 * Run: `node --import tsx bench/publish/linkIntegrity.ts [--pages 10000] [--keep]`
 */
import { mkdtemp, readdir, readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DocSetPublisher, pageFactsOf, parseConfig, type PublishResult } from '@docs-portal/server';
import { generateSyntheticDocSet } from '../corpus/generateSyntheticDocSet';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    keep: { type: 'boolean', default: false },
  },
});

async function topicsOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.htm'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Moves, renames a heading in, and removes a share of the topics: a reorganised release. */
async function reorganise(dir: string, topics: string[]) {
  let moved = 0;
  let renamed = 0;
  let removed = 0;
  for (const [i, topic] of topics.entries()) {
    const file = path.join(dir, topic);
    if (i % 50 === 7) {
      const target = path.join(dir, 'Content', 'Moved', `m${i}-${path.basename(topic)}`);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file, target);
      moved += 1;
    } else if (i % 50 === 19) {
      const html = await readFile(file, 'utf8');
      const changed = html.replace(/<h2([^>]*)>([^<]*)</, '<h2$1>$2 (revised)<');
      await writeFile(file, changed.replace(/(<h2[^>]*?)\sid="[^"]*"/, '$1'));
      renamed += 1;
    } else if (i % 100 === 31) {
      await rm(file);
      removed += 1;
    }
  }
  return { moved, renamed, removed };
}

async function factsSeconds(releaseDir: string, topics: string[]): Promise<number> {
  let total = 0;
  for (const topic of topics) {
    const html = await readFile(path.join(releaseDir, topic)).catch(() => null);
    if (!html) continue;
    const started = performance.now();
    pageFactsOf(html);
    total += performance.now() - started;
  }
  return total / 1000;
}

const work = await mkdtemp(path.join(tmpdir(), 'link-bench-'));
try {
  const siteDir = path.join(work, 'site');
  const pages = Number(values.pages);
  await generateSyntheticDocSet({ outDir: siteDir, pages, seed: 15 });
  const topics = await topicsOf(siteDir);
  const threads = Math.min(availableParallelism(), 4);
  console.log(
    `site: ${topics.length} pages, ${availableParallelism()} cores (${threads} preparing threads)`,
  );
  const config = parseConfig(
    {
      dataDir: path.join(work, 'data'),
      logLevel: 'silent',
      docSets: [
        {
          id: 'bench',
          mount: 'Bench/Links',
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
  const measure = async (label: string): Promise<PublishResult> => {
    const started = performance.now();
    const result = await publisher.publish('bench', siteDir);
    const seconds = (performance.now() - started) / 1000;
    const linkSeconds = result.linkCheckMs / 1000;
    const facts = await factsSeconds(result.releaseDir, await topicsOf(result.releaseDir));
    const added = linkSeconds + facts / threads;
    console.log(
      `${label}: publish ${seconds.toFixed(2)} s; compare + link check ${linkSeconds.toFixed(2)} s; page facts ${facts.toFixed(2)} s in one thread (~${(facts / threads).toFixed(2)} s over ${threads} threads); added ${added.toFixed(2)} s = ${((added / seconds) * 100).toFixed(1)}% of the publish (goal <= 20%)`,
    );
    console.log(
      `  ${result.linkReport.links} internal links on ${result.linkReport.pages} pages, ${result.linkReport.brokenCount} broken (${result.linkReport.newCount} new); ${result.redirectCount} redirects, ${result.removedCount} removed`,
    );
    return result;
  };
  await measure('cold publish      ');
  const change = await reorganise(siteDir, topics);
  console.log(
    `reorganised: ${change.moved} moved, ${change.renamed} headings renamed, ${change.removed} removed`,
  );
  await measure('reorganised publish');
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}
