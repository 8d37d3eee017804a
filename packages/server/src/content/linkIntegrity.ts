import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { escapeHtml } from '@docs-portal/contracts/safety';
import { wordsOf } from '@docs-portal/contracts/text';
import type { DocSetConfig } from '../config/schema';
import { MIN_COMPRESSIBLE_BYTES } from './contentTypes';
import { textFileWriter } from './textFileWriter';
import { decodeEntities } from './htmlText';
import { pageFactsOf, type PageFacts } from './pageFacts';
import { prepareFile } from './prepareFile';
import { MANIFEST_FILE, type ReleaseManifest } from './ReleaseStore';

/** Facts of every page of a release (a dotfile: never served). */
export const PAGES_FILE = '.pages.json';
/** The redirects and removed pages a release answers for (a dotfile: never served). */
export const REDIRECTS_FILE = '.redirects.json';
/** The broken-link report written at publishing (a dotfile: never served as a doc file). */
export const LINK_REPORT_FILE = '.link-report.json';

/** What a release answers for paths it does not hold, computed at its publish. */
export interface ReleaseRedirects {
  format: 1;
  /** Old path -> the path in this release that page moved to (chains collapsed; the target exists). */
  moved: Record<string, string>;
  /** Old path -> when it was removed and what it was called. */
  removed: Record<string, { release: number; title: string }>;
}

/** One link that leads nowhere. */
export interface BrokenLink {
  /** The page holding the link (relative to the release). */
  page: string;
  /** The link as written. */
  href: string;
  /** `missing_page`: no file there; `missing_anchor`: the page exists, the fragment does not; `outside_doc_sets`: no doc set is there. */
  reason: 'missing_page' | 'missing_anchor' | 'outside_doc_sets';
  /** Whether the previous release did not have this broken link. */
  new: boolean;
}

/** The broken-link report of one release. */
export interface LinkReport {
  format: 1;
  docSetId: string;
  release: number;
  /** ISO time of the check. */
  checkedAt: string;
  /** Pages checked. */
  pages: number;
  /** Internal links checked (external ones are not). */
  links: number;
  /** Broken links found (at most {@link MAX_REPORTED} listed). */
  brokenCount: number;
  /** Of those, how many the previous release did not have. */
  newCount: number;
  /** Whether there was a previous report to compare with. */
  compared: boolean;
  broken: BrokenLink[];
}

/** Broken links listed in a report at most (the counts stay exact). */
export const MAX_REPORTED = 5000;

/** Where another configured doc set stands: what the link check needs of its current release. */
export interface LinkTarget {
  docSet: DocSetConfig;
  files: ReadonlySet<string>;
  pages: Readonly<Record<string, PageFacts>>;
  moved: Readonly<Record<string, string>>;
}

/** The release served now, as link integrity reads it. */
export interface PreviousLinks {
  release: number;
  pages: Record<string, PageFacts>;
  redirects: ReleaseRedirects;
  report: LinkReport | null;
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const isHtml = (relative: string) => /\.html?$/i.test(relative);

/** Every file of a release folder, relative and `/`-separated, without dotfiles and siblings of compressible files. */
export async function releaseFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.split('/').some((segment) => segment.startsWith('.')));
}

/** The page facts of a release: its `.pages.json`, or (for releases published before it existed) read from its pages. */
export async function readPages(dir: string, files?: string[]): Promise<Record<string, PageFacts>> {
  const stored = await readJson<Record<string, PageFacts>>(path.join(dir, PAGES_FILE));
  if (stored) return stored;
  const pages: Record<string, PageFacts> = {};
  for (const file of (files ?? (await releaseFiles(dir))).filter(isHtml)) {
    pages[file] = pageFactsOf(await readFile(path.join(dir, file)));
  }
  return pages;
}

/** The redirects a release answers for (none when it has no file). */
export async function readRedirects(dir: string): Promise<ReleaseRedirects> {
  return (
    (await readJson<ReleaseRedirects>(path.join(dir, REDIRECTS_FILE))) ?? {
      format: 1,
      moved: {},
      removed: {},
    }
  );
}

/** A release's broken-link report, or null when it has none. */
export async function readLinkReport(dir: string): Promise<LinkReport | null> {
  return readJson<LinkReport>(path.join(dir, LINK_REPORT_FILE));
}

/** What link integrity needs of the release served now. */
export async function readPreviousLinks(dir: string, release: number): Promise<PreviousLinks> {
  return {
    release,
    pages: await readPages(dir),
    redirects: await readRedirects(dir),
    report: await readLinkReport(dir),
  };
}

/** The words of a heading, as the search index reads them (combining marks stay in their word). */
const words = (text: string) => new Set(wordsOf(text.toLowerCase()));

function similarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const word of x) if (y.has(word)) shared += 1;
  return shared / (x.size + y.size - shared);
}

const baseName = (relative: string) => relative.slice(relative.lastIndexOf('/') + 1).toLowerCase();

/**
 * Pages of `previous` missing from `next`, matched to the page they became: the same content
 * (digest) first, then the same title, preferring the same file name when titles repeat. Only
 * pages new in `next` are candidates.
 */
export function findMoves(
  previous: Readonly<Record<string, PageFacts>>,
  previousDigests: Readonly<Record<string, string>>,
  next: Readonly<Record<string, PageFacts>>,
  nextDigests: Readonly<Record<string, string>>,
): Map<string, string> {
  const gone = Object.keys(previous).filter((p) => !(p in next));
  const fresh = Object.keys(next).filter((p) => !(p in previous));
  const moves = new Map<string, string>();
  const taken = new Set<string>();
  const byDigest = new Map<string, string[]>();
  const byTitle = new Map<string, string[]>();
  for (const page of fresh) {
    const digest = nextDigests[page];
    if (digest) byDigest.set(digest, [...(byDigest.get(digest) ?? []), page]);
    const title = (next[page] as PageFacts).title.toLowerCase();
    if (title) byTitle.set(title, [...(byTitle.get(title) ?? []), page]);
  }
  const pick = (candidates: string[] | undefined, old: string): string | undefined => {
    const open = (candidates ?? []).filter((c) => !taken.has(c));
    if (open.length <= 1) return open[0];
    return open.find((c) => baseName(c) === baseName(old));
  };
  for (const old of gone) {
    const digest = previousDigests[old];
    const target = digest ? pick(byDigest.get(digest), old) : undefined;
    if (target) {
      moves.set(old, target);
      taken.add(target);
    }
  }
  for (const old of gone) {
    if (moves.has(old)) continue;
    const title = (previous[old] as PageFacts).title.toLowerCase();
    const target = title ? pick(byTitle.get(title), old) : undefined;
    if (target) {
      moves.set(old, target);
      taken.add(target);
    }
  }
  return moves;
}

/**
 * The anchor aliases a page needs so that every id its previous version answered (headings and
 * older aliases) still lands on the right section: `old id -> new id`, for old ids the page no
 * longer has. A vanished heading is matched to a new heading with the same text, else the one
 * with the most similar words, else by order (see below).
 */
export function anchorAliases(previous: PageFacts, next: PageFacts): Record<string, string> {
  const nextIds = new Set(next.ids);
  const oldHeadingIds = new Set(previous.headings.map(([id]) => id));
  const freshHeadings = next.headings.filter(([id]) => !oldHeadingIds.has(id));
  const used = new Set<string>();
  const renamed = new Map<string, string>();
  const vanished = previous.headings
    .map(([id, text], position) => ({ id, text, position }))
    .filter(({ id }) => !nextIds.has(id));
  const claim = (old: string, id: string | undefined) => {
    if (id === undefined || used.has(id)) return;
    renamed.set(old, id);
    used.add(id);
  };
  for (const { id, text } of vanished) {
    claim(id, freshHeadings.find(([, t]) => t.toLowerCase() === text.toLowerCase())?.[0]);
  }
  for (const { id, text } of vanished) {
    if (renamed.has(id)) continue;
    let best: string | undefined;
    let bestScore = 0.25;
    for (const [candidate, t] of freshHeadings) {
      if (used.has(candidate)) continue;
      const score = similarity(text, t);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    claim(id, best);
  }
  // Headings reworded beyond recognition: paired in document order when as many are left on each
  // side, else only where the same position holds a new heading.
  const leftOld = vanished.filter(({ id }) => !renamed.has(id));
  const leftNew = freshHeadings.filter(([id]) => !used.has(id));
  leftOld.forEach(({ id, position }, i) => {
    if (leftOld.length === leftNew.length) return claim(id, leftNew[i]?.[0]);
    const there = next.headings[position];
    if (there && leftNew.includes(there)) claim(id, there[0]);
  });
  const aliases: Record<string, string> = {};
  const resolve = (id: string) => (nextIds.has(id) ? id : renamed.get(id));
  for (const [old, target] of Object.entries(previous.aliases ?? {})) {
    const now = resolve(target);
    if (now && !nextIds.has(old)) aliases[old] = now;
  }
  for (const [old, now] of renamed) aliases[old] = now;
  return aliases;
}

/**
 * `html` with an empty `<span id="old">` right before the element whose id each alias names, so
 * that `#old` scrolls to the renamed section. Aliases whose target is not found are left out.
 */
export function insertAliases(html: string, aliases: Record<string, string>): string {
  const byTarget = new Map<string, string[]>();
  for (const [old, target] of Object.entries(aliases)) {
    byTarget.set(target, [...(byTarget.get(target) ?? []), old]);
  }
  const inserts: Array<{ at: number; text: string }> = [];
  for (const match of html.matchAll(
    /<[a-zA-Z][a-zA-Z0-9]*\s[^>]*?\bid\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
  )) {
    const id = decodeEntities(match[1] ?? match[2] ?? '');
    const olds = byTarget.get(id);
    if (!olds) continue;
    byTarget.delete(id);
    const spans = olds.map((old) => `<span id="${escapeHtml(old)}"></span>`).join('');
    inserts.push({ at: match.index ?? 0, text: spans });
  }
  let out = html;
  for (const { at, text } of inserts.sort((a, b) => b.at - a.at)) {
    out = `${out.slice(0, at)}${text}${out.slice(at)}`;
  }
  return out;
}

/** Input of {@link planRedirects}. */
export interface RedirectPlanInput {
  /** The release being published. */
  release: number;
  /** Its files. */
  files: ReadonlySet<string>;
  /** The served release's redirects and pages (null for a first release). */
  previous: PreviousLinks | null;
  /** Pages of the previous release that became which page of the new one. */
  moves: ReadonlyMap<string, string>;
}

/**
 * The redirects of a new release: the previous release's carried over (a path that exists again
 * is dropped, so it is served; a target that moved now is followed, so chains collapse; a target
 * that is gone makes the old path removed), plus this publish's moves and removals. Every target
 * is a file of the new release and never an old path, so there are no loops.
 */
export function planRedirects(input: RedirectPlanInput): ReleaseRedirects {
  const { files, previous, moves, release } = input;
  const moved: Record<string, string> = {};
  const removed: ReleaseRedirects['removed'] = {};
  if (!previous) return { format: 1, moved, removed };
  const titleOf = (page: string) => previous.pages[page]?.title ?? '';
  const follow = (target: string): string | null =>
    files.has(target) ? target : (moves.get(target) ?? null);
  for (const [from, to] of Object.entries(previous.redirects.moved)) {
    if (files.has(from)) continue;
    const now = follow(to);
    if (now !== null && now !== from) moved[from] = now;
    else removed[from] = { release, title: titleOf(to) };
  }
  for (const [from, info] of Object.entries(previous.redirects.removed)) {
    if (!files.has(from)) removed[from] = info;
  }
  for (const page of Object.keys(previous.pages)) {
    if (files.has(page)) continue;
    const to = moves.get(page);
    if (to !== undefined) moved[page] = to;
    else removed[page] = { release, title: titleOf(page) };
  }
  for (const from of Object.keys(moved)) delete removed[from];
  return { format: 1, moved, removed };
}

/** Where a link from a page leads, in portal terms. */
function resolveLink(href: string, pageUrl: URL): { pathname: string; fragment: string } | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return null;
  }
  if (url.origin !== pageUrl.origin) return null;
  let pathname: string;
  let fragment: string;
  try {
    pathname = decodeURIComponent(url.pathname);
    fragment = decodeURIComponent(url.hash.slice(1));
  } catch {
    return { pathname: url.pathname, fragment: url.hash.slice(1) };
  }
  return { pathname, fragment };
}

/** Input of {@link checkLinks}. */
export interface LinkCheckInput {
  docSetId: string;
  release: number;
  basePath: string;
  /** The doc set being published, as it will be served (files, pages, redirects). */
  self: LinkTarget;
  /** The other configured doc sets' current releases. */
  others: LinkTarget[];
  /** Explicit redirects from the config, by doc set id: from -> to (may carry a fragment). */
  explicit: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The previous release's report, to tell new broken links from known ones. */
  previous: LinkReport | null;
}

/**
 * Checks every internal link of the new release: the page it names exists (in this doc set or the
 * configured doc set whose mount it points into, directly, as a folder's default page, or through
 * a redirect), and so does its `#anchor`. Links to other sites and to the portal's own routes are
 * not checked; a relative link that climbs out of every doc set is broken.
 */
export function checkLinks(input: LinkCheckInput): LinkReport {
  const checker = new LinkChecker(input);
  for (const [page, facts] of Object.entries(input.self.pages)) checker.page(page, facts.links);
  return checker.report();
}

/**
 * {@link checkLinks} for a release whose pages' links are not in `input.self.pages` but come one
 * page at a time from `links` (see {@link readLinksFile}): only one page's links are held at once.
 * Pages of `input.self.pages` that `links` does not name count as pages without links.
 */
export async function checkStreamedLinks(
  input: LinkCheckInput,
  links: AsyncIterable<[string, string[]]>,
): Promise<LinkReport> {
  const checker = new LinkChecker(input);
  for await (const [page, hrefs] of links) checker.page(page, hrefs);
  return checker.report(Object.keys(input.self.pages).length);
}

/** The links of each page, as {@link prepareRelease} appends them to its links file: `[page, links]` lines. */
export async function* readLinksFile(file: string): AsyncIterable<[string, string[]]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line !== '') yield JSON.parse(line) as [string, string[]];
  }
}

/** The link check of one release, fed one page at a time. */
class LinkChecker {
  private readonly base: string;
  private readonly targets: LinkTarget[];
  private readonly origin = 'http://portal.invalid';
  private readonly known: Set<string>;
  private readonly broken: BrokenLink[] = [];
  private brokenCount = 0;
  private newCount = 0;
  private links = 0;
  private pages = 0;

  constructor(private readonly input: LinkCheckInput) {
    this.base = input.basePath.replace(/\/+$/, '');
    this.targets = [input.self, ...input.others].sort(
      (a, b) => b.docSet.mount.length - a.docSet.mount.length,
    );
    this.known = new Set((input.previous?.broken ?? []).map((b) => `${b.page}\n${b.href}`));
  }

  /** Checks the links of one page of the new release. */
  page(page: string, hrefs: readonly string[]): void {
    const { base, input } = this;
    this.pages += 1;
    const pageUrl = new URL(
      `${base}/${input.self.docSet.mount}/${page.split('/').map(encodeURIComponent).join('/')}`,
      this.origin,
    );
    for (const href of hrefs) {
      const target = resolveLink(href, pageUrl);
      if (!target) continue;
      const relativeLink = !href.startsWith('/');
      const into = this.targets.find(
        (t) =>
          target.pathname === `${base}/${t.docSet.mount}` ||
          target.pathname.startsWith(`${base}/${t.docSet.mount}/`),
      );
      let reason: BrokenLink['reason'] | null;
      if (!into && !relativeLink) continue;
      this.links += 1;
      if (!into) {
        reason = 'outside_doc_sets';
      } else {
        reason = checkTarget(
          into,
          target.pathname.slice(`${base}/${into.docSet.mount}/`.length),
          target.fragment,
          input.explicit.get(into.docSet.id),
        );
      }
      if (reason === null) continue;
      this.brokenCount += 1;
      const isNew = !this.known.has(`${page}\n${href}`);
      if (isNew) this.newCount += 1;
      if (this.broken.length < MAX_REPORTED) this.broken.push({ page, href, reason, new: isNew });
    }
  }

  /** The report of the pages checked (`pages` of them, when some had no links to feed). */
  report(pages = this.pages): LinkReport {
    return {
      format: 1,
      docSetId: this.input.docSetId,
      release: this.input.release,
      checkedAt: new Date().toISOString(),
      pages,
      links: this.links,
      brokenCount: this.brokenCount,
      newCount: this.newCount,
      compared: this.input.previous !== null,
      broken: this.broken,
    };
  }
}

function checkTarget(
  into: LinkTarget,
  relative: string,
  fragment: string,
  explicit: ReadonlyMap<string, string> | undefined,
): BrokenLink['reason'] | null {
  let file: string | undefined;
  let anchor = fragment;
  const folder = relative === '' || relative.endsWith('/');
  const bare = folder ? relative.replace(/\/$/, '') : relative;
  const defaultPage = into.docSet.defaultPage;
  if (!folder && into.files.has(bare)) file = bare;
  else if (defaultPage && into.files.has(bare ? `${bare}/${defaultPage}` : defaultPage))
    file = bare ? `${bare}/${defaultPage}` : defaultPage;
  else {
    const redirect = explicit?.get(bare);
    if (redirect !== undefined) {
      const hash = redirect.indexOf('#');
      file = hash < 0 ? redirect : redirect.slice(0, hash);
      if (!anchor && hash >= 0) anchor = redirect.slice(hash + 1);
      if (!into.files.has(file)) return 'missing_page';
    } else if (into.moved[bare] !== undefined) file = into.moved[bare];
  }
  if (file === undefined) return 'missing_page';
  if (!anchor) return null;
  const facts = into.pages[file];
  // Only pages have anchors worth checking (a fragment of a PDF or an image is the viewer's).
  if (!facts) return null;
  return facts.ids.includes(anchor) || (facts.aliases !== undefined && anchor in facts.aliases)
    ? null
    : 'missing_anchor';
}

/**
 * Adds the anchor aliases to staged pages (which may be hard links to the previous release: each
 * is replaced, never written through), then digests and compresses them again and records the new
 * digests in the staged manifest.
 */
export async function applyAliases(
  root: string,
  aliasesByPage: ReadonlyMap<string, Record<string, string>>,
): Promise<void> {
  if (aliasesByPage.size === 0) return;
  const manifestFile = path.join(root, MANIFEST_FILE);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ReleaseManifest;
  for (const [page, aliases] of aliasesByPage) {
    const file = path.join(root, page);
    const html = (await readFile(file)).toString('utf8');
    const changed = insertAliases(html, aliases);
    if (changed === html) continue;
    const aside = `${file}.aliases-${process.pid}`;
    await writeFile(aside, changed);
    await rename(aside, file);
    for (const suffix of ['.gz', '.br'] as const) {
      await rm(`${file}${suffix}`, { force: true });
      delete manifest.digests[`${page}${suffix}`];
    }
    const result = await prepareFile({
      file,
      page: false,
      scriptTag: null,
      compressible: true,
      minCompressBytes: MIN_COMPRESSIBLE_BYTES,
      previous: null,
    });
    manifest.digests[page] = result.digest;
    for (const [suffix, digest] of Object.entries(result.siblings)) {
      manifest.digests[`${page}${suffix}`] = digest;
    }
  }
  await writeFile(manifestFile, JSON.stringify(manifest));
}

/**
 * Writes the link facts of a staged release next to it (dotfiles, never served). The pages'
 * facts are written one page at a time, so the file's text is never held whole.
 */
export async function writeLinkFiles(
  root: string,
  pages: Record<string, PageFacts>,
  redirects: ReleaseRedirects,
  report: LinkReport,
): Promise<void> {
  const out = textFileWriter(path.join(root, PAGES_FILE));
  let separator = '{';
  for (const [page, facts] of Object.entries(pages)) {
    const stored: PageFacts = {
      title: facts.title,
      ids: facts.ids,
      headings: facts.headings,
      links: [],
      ...(facts.aliases && { aliases: facts.aliases }),
    };
    await out.write(`${separator}${JSON.stringify(page)}:${JSON.stringify(stored)}`);
    separator = ',';
  }
  await out.write(separator === '{' ? '{}' : '}');
  await out.end();
  await writeFile(path.join(root, REDIRECTS_FILE), JSON.stringify(redirects));
  await writeFile(path.join(root, LINK_REPORT_FILE), JSON.stringify(report, null, 1));
}
