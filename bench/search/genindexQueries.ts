import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { SphinxCorpus } from './sphinxCorpus';

/** A benchmark query: text and the pages that answer it. */
export interface BenchQuery {
  /** Query text as a reader would type it. */
  text: string;
  /** Page paths (leading slash) the general index links the entry to. */
  relevant: string[];
  /** The places it links to on those pages, `path#fragment` (Sphinx general indexes). */
  targets?: string[];
}

/** Entries linking to more pages than this are too vague to judge. */
const MAX_RELEVANT = 10;

/** A small, fast, seedable random number generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Text of an entry up to its nested list of sub-entries (`<ul>` or `<dl>`). */
function ownText(entry: Element): string {
  let text = '';
  for (const child of entry.children) {
    if (child.type === 'tag' && (child.name === 'ul' || child.name === 'dl')) break;
    text += textOf(child);
  }
  return text;
}

function textOf(node: AnyNode): string {
  if (node.type === 'text') return node.data;
  if (node.type === 'tag') return node.children.map(textOf).join('');
  return '';
}

/** Turns index entry text into a query: brackets and list punctuation become spaces. */
export function entryToQuery(text: string): string {
  return text
    .replace(/\[\d+\]/g, ' ')
    .replace(/[()[\],;]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Adds an index entry to `entries` as a bench query: its text made a query (see entryToQuery)
 * and the pages it links to that the corpus has. Left out when the text has no letter or digit,
 * or the entry links to no page of the corpus, or to more than {@link MAX_RELEVANT} pages.
 */
function addEntry(
  entries: BenchQuery[],
  text: string,
  pages: readonly string[],
  knownPages: ReadonlySet<string>,
  links: readonly string[] = [],
): void {
  const query = entryToQuery(text);
  if (!/[\p{L}\p{N}]/u.test(query) || pages.length === 0 || pages.length > MAX_RELEVANT) return;
  const relevant = pages.filter((p) => knownPages.has(p));
  if (relevant.length === 0) return;
  const targets = links.filter((link) => knownPages.has(link.split('#')[0] as string));
  entries.push({ text: query, relevant, ...(targets.length > 0 ? { targets } : {}) });
}

/** The term of an entry without its trailing qualifier: "call() (in module operator)" → "call()". */
function headTerm(text: string): string {
  return text.replace(/\s*\([^()]*\)\s*$/, '');
}

/**
 * Every usable entry of a Sphinx general index page: terms, and "term subterm" for
 * sub-entries. Reads both layouts Sphinx writes: `td > ul > li` with nested `<ul>` (newer) and
 * `td > dl > dt` with sub-entries in the next `<dd><dl><dt>` (older themes). A sub-entry that
 * is only a qualifier ("(in module os)") is asked with the bare term ("call in module
 * subprocess"), not with the qualifier of the first entry as well. Entries whose links lead to
 * no known page, or to more than ten, are left out.
 */
export function parseGenindex(html: string, knownPages: ReadonlySet<string>): BenchQuery[] {
  const $ = load(html);
  const entries: BenchQuery[] = [];
  const targetsOf = (entry: Element): { pages: string[]; links: string[] } => {
    const pages = new Set<string>();
    const links = new Set<string>();
    for (const child of entry.children) {
      if (child.type === 'tag' && (child.name === 'ul' || child.name === 'dl')) break;
      const anchors =
        child.type === 'tag' ? (child.name === 'a' ? [child] : $(child).find('a').toArray()) : [];
      for (const a of anchors) {
        const href = a.attribs.href ?? '';
        if (href === '' || href.startsWith('#') || /^[a-z]+:/i.test(href)) continue;
        pages.add(`/${href.split('#')[0]}`);
        if (href.includes('#')) links.add(`/${href}`);
      }
    }
    return { pages: [...pages], links: [...links] };
  };
  const add = (text: string, targets: { pages: string[]; links: string[] }) =>
    addEntry(entries, text, targets.pages, knownPages, targets.links);
  const addWithSubs = (entry: Element, subs: Element[]) => {
    const own = ownText(entry);
    add(own, targetsOf(entry));
    for (const sub of subs) {
      const subText = ownText(sub).trim();
      const head = subText.startsWith('(') ? headTerm(own) : own;
      add(`${head} ${subText}`, targetsOf(sub));
    }
  };
  const tables = $('table.indextable.genindextable');
  tables.find('td > ul > li').each((_, li) => {
    addWithSubs(li, $(li).children('ul').children('li').toArray());
  });
  tables.find('td > dl > dt').each((_, dt) => {
    const next = $(dt).next();
    const subs = next.is('dd') ? next.children('dl').children('dt').toArray() : [];
    addWithSubs(dt, subs);
  });
  return entries;
}

/**
 * Every usable entry of a DocBook back-of-book index page (`div.indexdiv > dl > dt`, the layout
 * DocBook's XSL stylesheets write): an entry is its own text, up to its links (`a.indexterm`,
 * whose text is the target's title, not the term), and a sub-entry in the next `<dd><dl><dt>` is
 * asked with its entry's term before it ("Animation Playback"). Link targets are page paths
 * with `pathPrefix` before them (`/en/` for the folder `en` of a DocBook corpus). An entry
 * without links of its own (a heading for its sub-entries) gives no query itself.
 */
export function parseDocBookIndex(
  html: string,
  knownPages: ReadonlySet<string>,
  pathPrefix = '/',
): BenchQuery[] {
  const $ = load(html);
  const entries: BenchQuery[] = [];
  /** The entry's own text and link targets, leaving out its sub-entries. */
  const read = (dt: Element) => {
    let text = '';
    const pages = new Set<string>();
    for (const child of dt.children) {
      if (child.type === 'tag' && child.name === 'a' && $(child).hasClass('indexterm')) {
        const href = child.attribs.href ?? '';
        if (href !== '' && !href.startsWith('#') && !/^[a-z]+:/i.test(href)) {
          pages.add(`${pathPrefix}${href.split('#')[0]}`);
        }
      } else if (child.type !== 'tag' || (child.name !== 'dl' && child.name !== 'a')) {
        text += textOf(child);
      }
    }
    return { text: text.replace(/[\s,]+$/, ''), pages: [...pages] };
  };
  const add = (text: string, pages: string[]) => addEntry(entries, text, pages, knownPages);
  $('div.indexdiv > dl > dt').each((_, dt) => {
    const own = read(dt);
    add(own.text, own.pages);
    const next = $(dt).next();
    if (!next.is('dd')) return;
    for (const sub of next.children('dl').children('dt').toArray()) {
      const { text, pages } = read(sub);
      add(`${own.text} ${text}`, pages);
    }
  });
  return entries;
}

/** Every usable entry of a Sphinx corpus's general index (see {@link parseGenindex}). */
export function readGenindexEntries(
  corpus: Pick<SphinxCorpus, 'folder' | 'genindex'>,
  knownPages: ReadonlySet<string>,
): BenchQuery[] {
  return parseGenindex(readFileSync(join(corpus.folder, corpus.genindex), 'utf8'), knownPages);
}

/** A fixed-seed sample of about `count` entries, distinct query texts. */
export function sampleQueries(
  entries: readonly BenchQuery[],
  count: number,
  seed: number,
): BenchQuery[] {
  const random = seededRandom(seed);
  const byText = new Map<string, BenchQuery>();
  for (const entry of entries) if (!byText.has(entry.text)) byText.set(entry.text, entry);
  const pool = [...byText.values()];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as BenchQuery, pool[i] as BenchQuery];
  }
  return pool.slice(0, count);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Typo variant: one random edit (deletion, insertion, substitution or swap of neighbours) in
 * the longest alphabetic word of 5+ letters; undefined when the query has no such word.
 */
export function typoVariant(text: string, random: () => number): string | undefined {
  const words = [...text.matchAll(/[A-Za-z]+/g)];
  let best: RegExpMatchArray | undefined;
  for (const w of words)
    if (w[0].length >= 5 && (best === undefined || w[0].length > best[0].length)) best = w;
  if (best === undefined) return undefined;
  const word = best[0];
  const at = Math.floor(random() * word.length);
  const letter = LETTERS[Math.floor(random() * LETTERS.length)] as string;
  let edited: string;
  switch (Math.floor(random() * 4)) {
    case 0:
      edited = word.slice(0, at) + word.slice(at + 1);
      break;
    case 1:
      edited = word.slice(0, at) + letter + word.slice(at);
      break;
    case 2: {
      const replacement =
        letter === word[at]?.toLowerCase() ? LETTERS[(LETTERS.indexOf(letter) + 1) % 26] : letter;
      edited = word.slice(0, at) + replacement + word.slice(at + 1);
      break;
    }
    default: {
      const i = Math.min(at, word.length - 2);
      edited = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
      if (edited === word) edited = word.slice(0, i) + word.slice(i + 1);
    }
  }
  const start = best.index ?? 0;
  return text.slice(0, start) + edited + text.slice(start + word.length);
}

/**
 * Prefix variant: the last word cut as if still being typed (at least two characters kept);
 * undefined when the last word is too short to cut.
 */
export function prefixVariant(text: string, random: () => number): string | undefined {
  const match = /(\S+)$/.exec(text);
  if (match === null) return undefined;
  const word = match[1] as string;
  if (word.length < 3) return undefined;
  const keep = 2 + Math.floor(random() * (word.length - 2));
  return text.slice(0, text.length - word.length) + word.slice(0, keep);
}
