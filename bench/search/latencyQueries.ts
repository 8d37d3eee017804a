import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractSections, listDocSetPages } from '@docs-portal/search';
import { prefixVariant, seededRandom, typoVariant } from './genindexQueries';

/**
 * A fixed-seed mix of queries a reader of the synthetic doc set might type: page titles,
 * section headings, two words from a section, and typo and prefix variants of titles.
 */
export function buildLatencyQueries(folder: string, count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const paths = listDocSetPagesSync(folder);
  const titles: string[] = [];
  const headings: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < 400 && paths.length > 0; i++) {
    const path = pick(paths);
    const page = extractSections(readFileSync(join(folder, path)), { path });
    titles.push(page.title);
    for (const section of page.sections) {
      if (section.heading !== '') headings.push(section.heading);
      if (section.text !== '') texts.push(section.text);
    }
  }
  const queries: string[] = [];
  while (queries.length < count) {
    const roll = random();
    let query: string | undefined;
    if (roll < 0.3) query = pick(titles);
    else if (roll < 0.5) query = pick(headings);
    else if (roll < 0.7) {
      const words = (pick(texts).match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase());
      if (words.length >= 2) query = `${pick(words)} ${pick(words)}`;
    } else if (roll < 0.85) query = typoVariant(pick(titles), random);
    else query = prefixVariant(pick(titles), random);
    if (query !== undefined && query.trim() !== '') queries.push(query);
  }
  return queries;
}

let cached: { folder: string; paths: string[] } | undefined;

/** Page paths of the doc set (listed once; the listing is asynchronous in the package). */
function listDocSetPagesSync(folder: string): string[] {
  if (cached?.folder === folder) return cached.paths;
  throw new Error('call loadPagePaths(folder) first');
}

/** Lists the doc set's pages for `buildLatencyQueries`. */
export async function loadPagePaths(folder: string): Promise<void> {
  cached = { folder, paths: await listDocSetPages(folder) };
}
