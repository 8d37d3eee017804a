import { access, readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { readFlareToc } from './flareToc';

/** How to check one doc set beyond the structural rules every set must follow. */
export interface CheckDocSetOptions {
  /**
   * Maps an absolute-path link (`/docs/WebHelios/Content/Helios/Overview.htm`) to a file on disk,
   * or undefined when it leads nowhere. Without it every absolute-path link is a problem.
   */
  resolveAbsolute?: (hrefPath: string) => string | undefined;
  /** When set, the main content of every topic must hold between min and max words. */
  wordRange?: readonly [min: number, max: number];
}

/** What `checkDocSet` found. */
export interface DocSetReport {
  /** Number of topic pages (`data-mc-runtime-file-type="Topic"`). */
  topics: number;
  /** Human-readable problems, each starting with the file it concerns; empty when all is well. */
  problems: string[];
}

const LINK_TAG = /<(?:a|img|link|script|iframe|source)\b([^>]*)>/gi;
const LINK_ATTR = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const ID_ATTR = /\sid\s*=\s*"([^"]*)"/gi;
const A_NAME = /<a\s[^>]*\bname\s*=\s*"([^"]*)"/gi;
const HEADING = /<h([1-3])\b([^>]*)>([\s\S]*?)<\/h\1>/gi;

/** The ids and Flare bookmark names (`<a name>`) a page offers as link targets. */
export function anchorsOf(html: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of html.matchAll(ID_ATTR)) anchors.add(match[1] ?? '');
  for (const match of html.matchAll(A_NAME)) anchors.add(match[1] ?? '');
  return anchors;
}

/** The href/src values of links, images, stylesheets and scripts in a page, entities decoded. */
export function linksOf(html: string): string[] {
  const links: string[] = [];
  for (const tag of html.matchAll(LINK_TAG)) {
    for (const attr of (tag[1] ?? '').matchAll(LINK_ATTR)) {
      links.push((attr[1] ?? attr[2] ?? '').replace(/&amp;/g, '&'));
    }
  }
  return links;
}

/** Words of a topic's main content region (tags stripped). */
export function mainContentWords(html: string): number {
  const start = html.indexOf('id="mc-main-content"');
  if (start < 0) return 0;
  const end = html.indexOf('<div class="footer"', start);
  const text = html
    .slice(start, end < 0 ? undefined : end)
    .replace(/^[^>]*>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  return text.split(/\s+/).filter((word) => /[a-z0-9]/i.test(word)).length;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

function headingProblems(html: string): string[] {
  const problems: string[] = [];
  let h1 = 0;
  for (const match of html.matchAll(HEADING)) {
    if (match[1] === '1') h1++;
    const hasId = /\sid\s*=\s*"[^"]+"/.test(match[2] ?? '');
    const hasBookmark = /<a\s[^>]*\bname\s*=\s*"[^"]+"/.test(match[3] ?? '');
    if (!hasId && !hasBookmark) problems.push(`h${match[1]} without id or bookmark`);
  }
  if (h1 !== 1) problems.push(`${h1} <h1> elements (want exactly 1)`);
  const ids = [...html.matchAll(ID_ATTR)].map((match) => match[1]);
  const duplicates = ids.filter((id, at) => ids.indexOf(id) !== at);
  if (duplicates.length) problems.push(`duplicate ids: ${[...new Set(duplicates)].join(', ')}`);
  return problems;
}

/**
 * Checks a doc set in Flare HTML5 shape: every TOC entry names an existing topic whose `<title>`
 * matches, every topic is in the TOC, headings carry ids or bookmarks, and every link, image and
 * stylesheet reference (fragments included) resolves to a file inside the set (or, for
 * absolute-path links, wherever `resolveAbsolute` says).
 */
export async function checkDocSet(
  dir: string,
  options: CheckDocSetOptions = {},
): Promise<DocSetReport> {
  const root = resolve(dir);
  const problems: string[] = [];
  if (!(await exists(root))) return { topics: 0, problems: [`${root}: doc set folder missing`] };
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const pages = files.filter((file) => /\.html?$/i.test(file));
  const htmlCache = new Map<string, string>();
  const htmlOf = async (file: string): Promise<string> => {
    let html = htmlCache.get(file);
    if (html === undefined) {
      html = await readFile(file, 'utf8');
      htmlCache.set(file, html);
    }
    return html;
  };
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = async (file: string): Promise<Set<string>> => {
    let anchors = anchorCache.get(file);
    if (!anchors) {
      anchors = anchorsOf(await htmlOf(file));
      anchorCache.set(file, anchors);
    }
    return anchors;
  };

  const toc = await readFlareToc(root);
  problems.push(...toc.problems);
  const inToc = new Set<string>();
  for (const entry of toc.entries) {
    const file = join(root, entry.path);
    inToc.add(file);
    if (!(await exists(file))) {
      problems.push(`Data/Tocs: entry ${entry.index} names missing topic /${entry.path}`);
      continue;
    }
    const title = /<title>([^<]*)<\/title>/.exec(await htmlOf(file))?.[1] ?? '';
    const decoded = title.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
    if (decoded !== entry.title) {
      problems.push(`/${entry.path}: <title> "${decoded}" differs from TOC title "${entry.title}"`);
    }
  }

  let topics = 0;
  for (const file of pages) {
    const name = relative(root, file).split(sep).join('/');
    const html = await htmlOf(file);
    const isTopic = html.includes('data-mc-runtime-file-type="Topic"');
    if (isTopic) {
      topics++;
      if (!inToc.has(file)) problems.push(`${name}: topic is not in the TOC`);
      problems.push(...headingProblems(html).map((problem) => `${name}: ${problem}`));
      if (options.wordRange) {
        const words = mainContentWords(html);
        const [min, max] = options.wordRange;
        if (words < min || words > max)
          problems.push(`${name}: ${words} words (want ${min}-${max})`);
      }
    }
    for (const href of linksOf(html)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href === '#' || href === '') continue;
      const hashAt = href.indexOf('#');
      const pathPart = decodeURIComponent(hashAt >= 0 ? href.slice(0, hashAt) : href);
      const fragment = hashAt >= 0 ? decodeURIComponent(href.slice(hashAt + 1)) : '';
      let target: string | undefined;
      if (pathPart === '') target = file;
      else if (pathPart.startsWith('/')) target = options.resolveAbsolute?.(pathPart);
      else target = resolve(dirname(file), pathPart);
      if (!target) {
        problems.push(`${name}: cannot resolve absolute link ${href}`);
        continue;
      }
      if (!pathPart.startsWith('/') && !target.startsWith(root + sep)) {
        problems.push(`${name}: link leaves the doc set: ${href}`);
        continue;
      }
      if (!(await exists(target))) {
        problems.push(`${name}: broken link ${href}`);
        continue;
      }
      if (fragment && !(await anchorsIn(target)).has(fragment)) {
        problems.push(`${name}: missing anchor #${fragment} in ${href}`);
      }
    }
  }
  return { topics, problems: [...new Set(problems)] };
}
