// Do API lookups land on the entry? For folders of rustdoc, Javadoc or Haddock output, every entry
// that defines a name on its own page (a rustdoc method or struct field, a Javadoc member's
// detail, a Haddock declaration) is a
// known item: the query is the owner and the name (`BTreeSet range`; a Haddock name alone), the
// answer is that page at that entry's anchor. Indexes each folder with our engine (the sync the
// portal runs) and prints, per folder, how often the first hit is the page (Success@1, MRR@10)
// and how often it also links to the entry itself ("lands"), the reader's click going straight
// to the definition instead of the top of a long page.
// Run: node --import tsx bench/search/entryLanding.ts DIR [DIR ...] [--queries 1000] [--seed 7]
//      [--misses N] (prints the first N lookups that did not land, and what came instead)
// Folders used in session 25: a copy of rust-doc's html/std/collections (rustdoc 1.63),
// /usr/share/doc/cargo/doc/syn (cargo-doc), libghc-haddock-library-doc's html (Haddock 2.25).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import {
  createSearchEngine,
  listDocSetPages,
  NO_RESULT_CACHE,
  syncDocSet,
} from '@docs-portal/search';
import { seededRandom } from './genindexQueries';
import { numberOption } from './options';

/** One entry a lookup should land on. */
interface Entry {
  query: string;
  path: string;
  /** Ids of the entry (Javadoc gives a member's heading a second one), each the answer. */
  anchors: string[];
}

function elementsOf(html: string): Element[] {
  const out: Element[] = [];
  const stack = [...parseDocument(html).children];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined || node.type !== 'tag') continue;
    out.push(node);
    stack.push(...node.children);
  }
  return out;
}

function text(element: Element): string {
  const parts: string[] = [];
  const stack: Element['children'] = [element];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) continue;
    if (node.type === 'text') parts.push(node.data);
    else if ('children' in node) stack.push(...[...node.children].reverse());
  }
  return parts.join('').trim();
}

/** The entries of one page: rustdoc methods and fields, Haddock declarations. */
function entriesOf(path: string, html: string): Entry[] {
  const elements = elementsOf(html);
  const title = text(elements.find((e) => e.name === 'title') ?? elements[0] ?? ({} as Element));
  const entries: Entry[] = [];
  if (/ - Rust$/.test(title)) {
    // "BTreeSet in std::collections - Rust": the owner is the first word.
    const owner = title.split(' ')[0] ?? '';
    for (const e of elements) {
      const a = e.attribs;
      const href = a.href ?? '';
      if (e.name === 'a' && (a.class === 'fnname' || a.class === 'fn') && href.startsWith('#')) {
        entries.push({ query: `${owner} ${text(e)}`, path, anchors: [href.slice(1)] });
      }
      const field = /^structfield\.(.+)$/.exec(a.id ?? '');
      if (e.name === 'span' && field?.[1] !== undefined) {
        entries.push({ query: `${owner} ${field[1]}`, path, anchors: [a.id as string] });
      }
    }
  } else if (/ \(Java SE [^)]*\)$|^[A-Z]\w* \([^)]*\)$/.test(title)) {
    // Javadoc 17: "ArrayList (Java SE 17 & JDK 17)"; each member's detail is a
    // `section.detail[id]` headed by its name.
    const owner = title.split(' ')[0] ?? '';
    for (const e of elements) {
      const a = e.attribs;
      if (e.name !== 'section' || a.class !== 'detail' || a.id === undefined) continue;
      const heading = e.children.find((c): c is Element => c.type === 'tag' && c.name === 'h3');
      if (heading !== undefined) {
        const anchors = [a.id, heading.attribs.id].filter((id): id is string => id !== undefined);
        entries.push({ query: `${owner} ${text(heading)}`, path, anchors });
      }
    }
  } else {
    for (const e of elements) {
      const a = e.attribs;
      // Declarations (`div.top > p.src > a.def`), not the constructors and fields inside them.
      const signature = e.parent?.type === 'tag' ? e.parent : undefined;
      const top = signature?.parent?.type === 'tag' ? signature.parent : undefined;
      if (signature?.attribs.class !== 'src' || top?.attribs.class !== 'top') continue;
      if (e.name === 'a' && a.class === 'def' && a.id !== undefined) {
        entries.push({ query: text(e), path, anchors: [a.id] });
      }
    }
  }
  return entries;
}

async function landing(folder: string, count: number, seed: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'entry-landing-'));
  const engine = await createSearchEngine({
    engine: 'sqlite',
    dataDir,
    resultCache: NO_RESULT_CACHE,
  });
  try {
    const docSet = {
      id: 'bench',
      title: 'Bench',
      product: 'Bench',
      version: '1',
      docType: 'Reference',
      urlPrefix: '/docs/bench',
      folder,
    };
    await syncDocSet(engine, docSet);
    const all: Entry[] = [];
    const byQuery = new Map<string, Entry>();
    for (const path of await listDocSetPages(folder)) {
      for (const entry of entriesOf(path, readFileSync(join(folder, path), 'utf8'))) {
        // Overloads on one page (Javadoc's `release()` and `release(int)`) answer the query
        // alike; the same name on another page is asked once, of the first page.
        const known = byQuery.get(entry.query);
        if (known === undefined) {
          byQuery.set(entry.query, entry);
          all.push(entry);
        } else if (known.path === entry.path) known.anchors.push(...entry.anchors);
      }
    }
    const random = seededRandom(seed);
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j] as Entry, all[i] as Entry];
    }
    const sample = all.slice(0, count);
    let first = 0;
    let reciprocal = 0;
    let lands = 0;
    let listed = 0;
    let shown = 0;
    const misses = numberOption('misses', 0);
    for (const entry of sample) {
      const { hits } = await engine.search(
        {
          q: entry.query,
          product: [],
          version: [],
          docType: [],
          page: 1,
          pageSize: 10,
          explain: false,
        },
        { docSetIds: ['bench'] },
      );
      // rustdoc writes a type re-exported elsewhere again under the same file name
      // (`collections/struct.BTreeSet.html` and `collections/btree_set/struct.BTreeSet.html`):
      // either is the answer.
      const file = entry.path.split('/').pop() ?? '';
      const rank = hits.findIndex(
        (hit) =>
          (decodeURI(hit.url.split(/[?#]/)[0] ?? '')
            .split('/')
            .pop() ?? '') === file,
      );
      if (rank < 0) continue;
      reciprocal += 1 / (rank + 1);
      const fragments = hits[rank]?.sections.map((s) =>
        decodeURIComponent(s.url.split('#')[1] ?? ''),
      );
      if (fragments?.some((f) => entry.anchors.includes(f)) === true) listed++;
      if (rank === 0) {
        first++;
        if (entry.anchors.includes(fragments?.[0] ?? '')) lands++;
        else if (shown++ < misses) {
          console.log(
            `  ${entry.query}: ${entry.anchors[0]} wanted, ${fragments?.slice(0, 3).join(' ')} came`,
          );
        }
      } else if (shown++ < misses) {
        console.log(
          `  ${entry.query}: page at rank ${rank + 1} (${hits[0]?.url.split('?')[0]} first)`,
        );
      }
    }
    const share = (n: number) => (n / Math.max(1, sample.length)).toFixed(3);
    console.log(
      `${folder}: ${sample.length} of ${all.length} entries asked; page Success@1 ${share(first)}, ` +
        `MRR@10 ${(reciprocal / Math.max(1, sample.length)).toFixed(3)}; first hit links to the entry ` +
        `${share(lands)}; the entry among the page's sections ${share(listed)}`,
    );
  } finally {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const folders = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
if (folders.length === 0) throw new Error('name at least one folder of rustdoc or Haddock pages');
for (const folder of folders) {
  await landing(folder, numberOption('queries', 1000), numberOption('seed', 7));
}
