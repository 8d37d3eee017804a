import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Document } from 'domhandler';
import { Parser } from 'htmlparser2';
import { attributeTable, PageDomHandler } from './pageDom';

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

/**
 * What a class list holds, in any case, when it names navigation or a breadcrumb the patterns of
 * `linkReader` look for. Most hold none (Sphinx's code spans, for one), and are matched against
 * this pattern only, not against every pattern.
 */
const MAYBE_NAVIGATION = /related|nav|breadcrumb/i;

const clean = (text: string) => text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();

/** The parser events the link reader listens to (htmlparser2's, or replayed from a DOM). */
interface LinkEvents {
  onopentag(name: string, attribs: Record<string, string>): void;
  ontext(text: string): void;
  onclosetag(name: string): void;
}

/**
 * Collects the hierarchy links of one page from its parser events: what generators other than
 * Flare write to place a page in their table of contents. `finish` gives the links once the
 * page's events are over.
 */
function linkReader(path: string): { events: LinkEvents; finish(): PageLinks } {
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
  const events: LinkEvents = {
    onopentag(name, attribs) {
      depth++;
      const classes = attribs.class ?? '';
      if (name === 'title') inTitle = true;
      if (name === 'link') {
        const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
        const up = rel.includes('up');
        const home = rel.some((r) => r === 'home' || r === 'top' || r === 'start');
        // Resolved only for these: pages link their style sheets, previous and next pages too.
        const target =
          attribs.href === undefined || !(up || home) ? undefined : resolveHref(attribs.href, path);
        if (target !== undefined && up) {
          links.up = { path: target, title: clean(attribs.title ?? '') };
          links.hasHierarchy = true;
        }
        if (target !== undefined && home) {
          links.home.push(target);
          links.hasHierarchy = true;
        }
      }
      const maybeNavigation = classes !== '' && MAYBE_NAVIGATION.test(classes);
      if (maybeNavigation) {
        if (/\b(?:related|navheader|navfooter)\b/.test(classes)) links.hasHierarchy = true;
        const level = name === 'li' ? /\bnav-item-(\d+)\b/.exec(classes) : null;
        if (level !== null) {
          links.hasHierarchy = true;
          navItem = { level: Number(level[1]), text: '', depth };
        }
      }
      if (!crumbsDone && crumbDepth < 0) {
        const label = attribs['aria-label'];
        if (
          ((maybeNavigation && /breadcrumb/i.test(classes)) ||
            (label !== undefined && /breadcrumb/i.test(label))) &&
          !/MCBreadcrumbsBox/.test(classes)
        ) {
          crumbDepth = depth;
        }
      }
      if (name === 'a' && attribs.href !== undefined) {
        // Resolved only for the links that matter: URL parsing is the costly part of a page.
        const accessKeyUp =
          accessUp === null &&
          links.up === undefined &&
          (attribs.accesskey ?? '').toLowerCase() === 'u';
        const inCrumbs = crumbDepth >= 0 && attribs.href !== '';
        const target = accessKeyUp || inCrumbs ? resolveHref(attribs.href, path) : undefined;
        if (target !== undefined && accessKeyUp) {
          accessUp = { path: target, title: clean(attribs.title ?? ''), text: '' };
        }
        if (target !== undefined && inCrumbs) crumbLink = { path: target, text: '' };
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
  };
  const finish = (): PageLinks => {
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
  };
  return { events, finish };
}

/** Reads the hierarchy links of one page from its HTML, without building a DOM. */
export function readPageLinks(html: string, path: string): PageLinks {
  const reader = linkReader(path);
  // The attributes as the DOM holds them, so that the reader's reads meet one shape.
  const events = {
    ...reader.events,
    onopentag: (name: string, attribs: Record<string, string>) =>
      reader.events.onopentag(name, attributeTable(attribs)),
  };
  const parser = new Parser(events, {
    decodeEntities: true,
    lowerCaseAttributeNames: true,
    lowerCaseTags: true,
  });
  parser.end(html);
  return reader.finish();
}

/**
 * A DOM builder that also hands every element and text to the link reader as the parser meets
 * them, so one parse gives both the page's DOM and its links without a second walk.
 */
class LinkReadingDomHandler extends PageDomHandler {
  constructor(private readonly events: LinkEvents) {
    super();
  }

  protected override openElement(name: string, attribs: Record<string, string>): void {
    super.openElement(name, attribs);
    this.events.onopentag(name, attribs);
  }

  override ontext(data: string): void {
    super.ontext(data);
    this.events.ontext(data);
  }

  // Optional only to match DomHandler's signature: htmlparser2 always names the element.
  override onclosetag(name?: string): void {
    super.onclosetag();
    this.events.onclosetag(name ?? '');
  }
}

/**
 * The DOM of a page (as `parsePageHtml` builds it: htmlparser2, HTML mode, default options) and
 * its {@link readPageLinks}, read from the same parse: the indexer parses a page once.
 */
export function parsePageAndLinks(
  html: string,
  path: string,
): { root: Document; links: PageLinks } {
  const reader = linkReader(path);
  const handler = new LinkReadingDomHandler(reader.events);
  new Parser(handler).end(html);
  return { root: handler.root, links: reader.finish() };
}

/**
 * The breadcrumb trail of a page whose generator places it in a hierarchy on the page itself:
 * Sphinx's related bar (`nav-item-N`) or a breadcrumb list, else the chain of "up" links
 * (`<link rel="up">`, access key U: DocBook, Sphinx, Django) followed from page to page, with
 * `linksOf` giving the links of the pages above (undefined for a page outside the doc set). The
 * doc set's root page (`rel="home"`, a top-level `index.html`) is left out of every trail.
 * Undefined for a page without such navigation (its folders then make the trail).
 */
export function trailOf(
  path: string,
  page: PageLinks,
  linksOf: (path: string) => PageLinks | undefined,
): string[] | undefined {
  if (!page.hasHierarchy) return undefined;
  if (page.trail.length > 0) return page.trail;
  const roots = new Set([...ROOT_PAGES, ...page.home]);
  const trail: string[] = [];
  const seen = new Set([path]);
  let up = page.up;
  while (up !== undefined && !roots.has(up.path) && !seen.has(up.path) && seen.size < MAX_CHAIN) {
    seen.add(up.path);
    const parent = linksOf(up.path);
    const name = up.title || parent?.title || '';
    if (name !== '') trail.unshift(name);
    up = parent?.up;
  }
  return trail;
}

/**
 * The hierarchy of one doc set's pages, read as it is needed: a page's trail comes from its own
 * links and those of the pages above it, which are read from their files (once) only when a
 * page names them. Only the doc set's own pages (`pages`, as the sync lists them) are ever
 * read, so an "up" link cannot lead outside the doc set's folder.
 */
export class PageHierarchy {
  private readonly read = new Map<string, PageLinks | undefined>();

  constructor(
    readonly folder: string,
    private readonly pages: ReadonlySet<string>,
  ) {}

  /**
   * The trail of the page at `path`, whose own links are `links` (see {@link trailOf}). The links
   * are kept: a page the run has read is not read again for the trails of the pages below it
   * (DocBook's chapter pages are above dozens; the GIMP manual's 685 pages read 74 others for
   * their trails without this, 49 with it).
   */
  trail(path: string, links: PageLinks): string[] | undefined {
    if (this.pages.has(path) && !this.read.has(path)) this.read.set(path, links);
    return trailOf(path, links, (above) => this.linksOf(above));
  }

  private linksOf(path: string): PageLinks | undefined {
    if (!this.pages.has(path)) return undefined;
    if (this.read.has(path)) return this.read.get(path);
    let links: PageLinks | undefined;
    try {
      const data = readFileSync(join(this.folder, ...path.split('/')));
      links = readPageLinks(new TextDecoder('utf-8').decode(data), path);
    } catch {
      // An unreadable page is reported by the indexing run itself.
    }
    this.read.set(path, links);
    return links;
  }
}
