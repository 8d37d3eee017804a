import { decodeEntities, textOf, titleText } from './htmlText';

/**
 * What link integrity needs to know about one published page, read from its HTML as published
 * (heading ids added): its title, the ids a fragment can land on, its headings in order, and the
 * targets of its links. Extraction is a light scan of the markup (no DOM), cheap enough to run on
 * every page of every publish inside the preparing worker threads.
 */
export interface PageFacts {
  /** The `<title>` text, else the first `<h1>`'s, else ''. */
  title: string;
  /** Every `id` (and `<a name>`) on the page: what a `#fragment` can land on. */
  ids: string[];
  /** The headings that carry an id, in document order: `[id, text]`. */
  headings: Array<[string, string]>;
  /** The `href` of each `<a>` and `<area>` (entities decoded, duplicates removed). */
  links: string[];
  /**
   * Old anchor ids kept working on this page (`old id -> id it now stands for`): an empty
   * element with the old id sits right before the renamed heading. Set by link integrity.
   */
  aliases?: Record<string, string>;
}

const ATTR = /\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

/** The attributes of a start tag's source (`<a href="x" id=y>`), names lower-cased. */
function attributesOf(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(ATTR)) {
    const name = (match[1] as string).toLowerCase();
    if (!found.has(name)) found.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return found;
}

/** Drops comments, scripts and styles, whose text is not markup. */
function withoutOpaque(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
}

/** Reads the facts of a published page (UTF-8 or an ASCII-compatible encoding). */
export function pageFactsOf(page: Buffer | string): PageFacts {
  const html = withoutOpaque(typeof page === 'string' ? page : page.toString('utf8'));
  const ids = new Set<string>();
  const links = new Set<string>();
  const headings: Array<[string, string]> = [];
  let lower: string | null = null;
  for (const match of html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)(\s[^>]*)?>/g)) {
    const attrs = match[2];
    if (!attrs) continue;
    const name = (match[1] as string).toLowerCase();
    const values = attributesOf(attrs);
    const id = values.get('id');
    if (id) ids.add(id);
    if (name === 'a' || name === 'area') {
      const anchorName = values.get('name');
      if (anchorName && name === 'a') ids.add(anchorName);
      const href = values.get('href')?.trim();
      if (href) links.add(href);
    }
    if (id && /^h[1-6]$/.test(name)) {
      const start = (match.index ?? 0) + match[0].length;
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${name}`, start);
      headings.push([id, textOf(html.slice(start, end < 0 ? start : end))]);
    }
  }
  const title = titleText(html) || textOf(/<h1[^>]*>([\s\S]*?)<\/h1/i.exec(html)?.[1] ?? '');
  return { title, ids: [...ids], headings, links: [...links] };
}
