import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';

/** The hierarchy links one page carries, as the generator wrote them. */
export interface PageLinks {
  /** Text of `<title>`. */
  title: string;
  /** The parent page: `<link rel="up">`, else the link with access key U (Sphinx, DocBook, Django). */
  up?: { path: string; title: string };
  /** Root pages named by `<link rel="home" | "top" | "start">`. */
  home: string[];
  /** Ancestors listed on the page itself: Sphinx's `nav-item-N` items, or a breadcrumb list. */
  trail: string[];
  /** True when the page has generator navigation at all (so no ancestors means a top page). */
  hasHierarchy: boolean;
}

const ROOT_PAGES = new Set(['/index.html', '/index.htm', '/default.htm', '/default.html']);
const MAX_CHAIN = 30;

function resolveHref(href: string, from: string): string | undefined {
  const base = new URL(`http://page.invalid${encodeURI(from)}`);
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

const clean = (text: string) => text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();

/**
 * Reads the hierarchy links of one page without building a DOM: what generators other than
 * Flare write to place a page in their table of contents.
 */
export function readPageLinks(html: string, path: string): PageLinks {
  const links: PageLinks = { title: '', home: [], trail: [], hasHierarchy: false };
  const navItems = new Map<number, string>();
  const crumbs: Array<{ path: string; text: string }> = [];
  let inTitle = false;
  let accessUp: { path: string; title: string; text: string } | null = null;
  let navItem: { level: number; text: string; depth: number } | null = null;
  let crumbLink: { path: string; text: string } | null = null;
  let crumbDepth = -1;
  let crumbsDone = false;
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        depth++;
        const classes = attribs.class ?? '';
        if (name === 'title') inTitle = true;
        if (name === 'link') {
          const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
          const target = attribs.href === undefined ? undefined : resolveHref(attribs.href, path);
          if (target !== undefined && rel.includes('up')) {
            links.up = { path: target, title: clean(attribs.title ?? '') };
            links.hasHierarchy = true;
          }
          if (
            target !== undefined &&
            rel.some((r) => r === 'home' || r === 'top' || r === 'start')
          ) {
            links.home.push(target);
            links.hasHierarchy = true;
          }
        }
        if (/\b(?:related|navheader|navfooter)\b/.test(classes)) links.hasHierarchy = true;
        const level = /\bnav-item-(\d+)\b/.exec(classes);
        if (name === 'li' && level !== null) {
          links.hasHierarchy = true;
          navItem = { level: Number(level[1]), text: '', depth };
        }
        const label = attribs['aria-label'] ?? '';
        if (
          !crumbsDone &&
          crumbDepth < 0 &&
          (/breadcrumb/i.test(classes) || /breadcrumb/i.test(label)) &&
          !/MCBreadcrumbsBox/.test(classes)
        ) {
          crumbDepth = depth;
        }
        if (name === 'a' && attribs.href !== undefined) {
          const target = resolveHref(attribs.href, path);
          if (
            target !== undefined &&
            (attribs.accesskey ?? '').toLowerCase() === 'u' &&
            accessUp === null &&
            links.up === undefined
          ) {
            accessUp = { path: target, title: clean(attribs.title ?? ''), text: '' };
          }
          if (crumbDepth >= 0 && target !== undefined && attribs.href !== '') {
            crumbLink = { path: target, text: '' };
          }
        }
      },
      ontext(text) {
        if (inTitle) links.title += text;
        if (accessUp !== null && links.up === undefined) accessUp.text += text;
        if (navItem !== null) navItem.text += text;
        if (crumbLink !== null) crumbLink.text += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'a') {
          if (accessUp !== null && links.up === undefined) {
            const text = clean(accessUp.text);
            const title = accessUp.title || (/^up$/i.test(text) ? '' : text);
            links.up = { path: accessUp.path, title };
            links.hasHierarchy = true;
          }
          if (crumbLink !== null) {
            crumbs.push({ path: crumbLink.path, text: clean(crumbLink.text) });
            crumbLink = null;
          }
        }
        if (name === 'li' && navItem !== null && navItem.depth === depth) {
          const text = clean(navItem.text).replace(/\s*[»›>|]+$/u, '');
          if (!navItems.has(navItem.level)) navItems.set(navItem.level, text);
          navItem = null;
        }
        if (crumbDepth === depth) {
          crumbDepth = -1;
          crumbsDone = crumbs.length > 0;
          if (crumbsDone) links.hasHierarchy = true;
        }
        depth--;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  parser.end(html);
  links.title = clean(links.title);
  const levels = [...navItems.keys()].filter((level) => level >= 1).sort((a, b) => a - b);
  if (levels.length > 0) {
    links.trail = levels.map((level) => navItems.get(level) ?? '').filter((t) => t !== '');
  } else {
    const roots = new Set([...ROOT_PAGES, ...links.home]);
    links.trail = crumbs
      .filter((crumb) => crumb.text !== '' && crumb.path !== path && !roots.has(crumb.path))
      .map((crumb) => crumb.text);
  }
  return links;
}

/**
 * Breadcrumb trails of pages whose generator places them in a hierarchy on the page itself:
 * Sphinx's related bar (`nav-item-N`) or a breadcrumb list, else the chain of "up" links
 * (`<link rel="up">`, access key U: DocBook, Sphinx, Django) followed from page to page. The
 * doc set's root page (`rel="home"`, a top-level `index.html`) is left out of every trail.
 * Pages without such navigation are absent from the map (their folders then make the trail).
 */
export async function readPageTrails(
  folder: string,
  paths: readonly string[],
): Promise<Map<string, string[]>> {
  return pageTrailsFromLinks(new Map(await readLinksOfPages(folder, paths)));
}

/**
 * The links ({@link readPageLinks}) of the given pages of a doc set, in order; unreadable pages
 * are left out (the indexing run reports them). Parse workers run this on their share of pages.
 */
export async function readLinksOfPages(
  folder: string,
  paths: readonly string[],
): Promise<Array<[string, PageLinks]>> {
  const links: Array<[string, PageLinks]> = [];
  for (const path of paths) {
    try {
      const data = await readFile(join(folder, ...path.split('/')));
      links.push([path, readPageLinks(new TextDecoder('utf-8').decode(data), path)]);
    } catch {
      // An unreadable page is reported by the indexing run itself.
    }
  }
  return links;
}

/** The trails of a doc set's pages from the links of all of its pages (see readPageTrails). */
export function pageTrailsFromLinks(links: ReadonlyMap<string, PageLinks>): Map<string, string[]> {
  const trails = new Map<string, string[]>();
  for (const [path, page] of links) {
    if (!page.hasHierarchy) continue;
    if (page.trail.length > 0) {
      trails.set(path, page.trail);
      continue;
    }
    const roots = new Set([...ROOT_PAGES, ...page.home]);
    const trail: string[] = [];
    const seen = new Set([path]);
    let up = page.up;
    while (up !== undefined && !roots.has(up.path) && !seen.has(up.path) && seen.size < MAX_CHAIN) {
      seen.add(up.path);
      const parent = links.get(up.path);
      const name = up.title || parent?.title || '';
      if (name !== '') trail.unshift(name);
      up = parent?.up;
    }
    trails.set(path, trail);
  }
  return trails;
}
