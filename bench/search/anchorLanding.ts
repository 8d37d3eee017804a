// Do index entries land where the index sends the reader? The exact queries of the relevance
// bench on the Sphinx corpora are general-index entries, and the index links each to a place on
// a page (`library/re.html#re.A`, `#index-3` inside a section). Builds our engine the way the
// portal does (syncDocSets over the corpus folders) and prints, per corpus, how often the first
// hit is a page the entry links to (Success@1) and how often it also links to the section
// holding that place ("lands"): the reader's click opens at the entry, not at the top of a long
// page or at another section.
// Run: node --import tsx bench/search/anchorLanding.ts [--corpus python,django,sqlalchemy]
//      [--queries 1000] [--seed 42] [--misses N]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import type { AnyNode } from 'domhandler';
import {
  addHeadingIds,
  createSearchEngine,
  extractSections,
  NO_RESULT_CACHE,
  syncDocSets,
} from '@docs-portal/search';
import { CORPORA } from './benchCorpora';
import { numberOption, option } from './options';

/**
 * For each id on a page, the anchor of the indexed section that holds it: the last section
 * anchor at or before it in document order, as the page is published (with heading ids added).
 */
function sectionsOfIds(folder: string, path: string): Map<string, string> {
  const html = addHeadingIds(readFileSync(join(folder, path))).toString('utf8');
  const anchors = new Set(
    extractSections(html, { path }).sections.map((section) => section.anchor),
  );
  const holder = new Map<string, string>();
  let current = '';
  const stack: AnyNode[] = [parseDocument(html)];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type !== 'tag' && node.type !== 'root') continue;
    if (node.type === 'tag') {
      const id = node.attribs.id ?? (node.name === 'a' ? node.attribs.name : undefined);
      if (id !== undefined) {
        if (anchors.has(id)) current = id;
        if (!holder.has(id)) holder.set(id, current);
      }
    }
    for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k] as AnyNode);
  }
  return holder;
}

async function landing(name: string, count: number, seed: number, misses: number): Promise<void> {
  const load = CORPORA[name];
  if (load === undefined) throw new Error(`unknown corpus ${name}`);
  const corpus = await load(count, seed);
  const folder = corpus.folders[0]?.folder ?? '';
  const dataDir = mkdtempSync(join(tmpdir(), 'anchor-landing-'));
  const engine = await createSearchEngine({
    engine: 'sqlite',
    dataDir,
    resultCache: NO_RESULT_CACHE,
  });
  try {
    await syncDocSets(
      engine,
      corpus.folders.map(({ folder: from, rules }, i) => ({
        id: `bench${i}`,
        title: corpus.label,
        product: corpus.name,
        version: String(i + 1),
        docType: 'Reference',
        urlPrefix: `/docs/bench${i}`,
        folder: from,
        ...(rules === undefined ? {} : { extract: rules }),
      })),
    );
    const access = { docSetIds: corpus.folders.map((_, i) => `bench${i}`) };
    const holders = new Map<string, Map<string, string>>();
    const holderOf = (path: string, id: string): string | undefined => {
      let ids = holders.get(path);
      if (ids === undefined) {
        ids = sectionsOfIds(folder, path.slice(1));
        holders.set(path, ids);
      }
      return ids.get(id);
    };
    let asked = 0;
    let first = 0;
    let lands = 0;
    let shown = 0;
    for (const query of corpus.variants.exact) {
      if (query.targets === undefined) continue;
      asked++;
      const { hits } = await engine.search(
        {
          q: query.text,
          product: [],
          version: [],
          docType: [],
          page: 1,
          pageSize: 10,
          explain: false,
        },
        access,
      );
      const top = hits[0];
      if (top === undefined) continue;
      const [address = '', fragment = ''] = (top.sections[0]?.url ?? top.url).split('#');
      const path = decodeURI(address.split('?')[0] ?? '').replace(/^\/docs\/bench\d+/, '');
      if (!query.relevant.includes(path)) continue;
      first++;
      const landed = decodeURIComponent(fragment);
      const wanted = query.targets
        .filter((target) => target.startsWith(`${path}#`))
        .map((target) => holderOf(path, decodeURIComponent(target.slice(path.length + 1))));
      if (wanted.includes(landed)) lands++;
      else if (shown++ < misses) {
        console.log(
          `  ${query.text}: ${path}#${landed} came, section ${wanted.join(' or ')} wanted`,
        );
      }
    }
    const share = (n: number) => (n / Math.max(1, asked)).toFixed(3);
    console.log(
      `${name}: ${asked} index entries with places; first hit a page they link to ${share(first)}; ` +
        `and linked to the section holding the place ${share(lands)}`,
    );
  } finally {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const name of option('corpus', 'python,django,sqlalchemy').split(',')) {
  await landing(
    name,
    numberOption('queries', 1000),
    numberOption('seed', 42),
    numberOption('misses', 0),
  );
}
