import { open } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  HOME_POPULAR_DAYS,
  type Home,
  type HomeDocSet,
  type HomePopularPage,
} from '@docs-portal/contracts';
import { canRead, type Reader } from '../access/canRead';
import { docSetAtPath } from '../access/docSetAtPath';
import type { AnalyticsStore } from '../analytics/AnalyticsStore';
import type { DocSetConfig, PortalConfig } from '../config/schema';
import type { DocFile, ReleaseIndex } from '../content/ReleaseIndex';
import { titleText } from '../content/htmlText';
import { MANIFEST_FILE } from '../content/ReleaseStore';
import type { ServedReleases } from '../content/ServedReleases';
import { parseDocPath } from '../content/requestPath';

/** Rows of the "most opened" list. */
export const MOST_OPENED_COUNT = 8;
/** Rows of the "recently published" list. */
export const RECENTLY_PUBLISHED_COUNT = 5;
/** Clicked URLs asked of the store: several may be one page, or out of the reader's reach. */
const OPENED_CANDIDATES = 200;
/** Bytes read from the start of a page to find its title. */
const TITLE_WINDOW = 16 * 1024;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Page titles kept at most; keys name a release, so older releases' titles go with a reset. */
const MAX_TITLES = 5000;

/** Options of {@link HomeContent}. */
export interface HomeContentOptions {
  /** Now, for the "most opened" period (tests). */
  now?: () => Date;
  /** Told when the analytics store fails (the lists still answer, without "most opened"). */
  onAnalyticsError?: (error: unknown) => void;
}

/** The text of an HTML `<title>` (entities decoded, spaces collapsed), or '' when it has none. */
export function htmlTitle(html: string): string {
  return titleText(html).slice(0, 200);
}

/** A readable name from a file path when the page has no title (`RestoreVM.htm` gives `Restore VM`). */
function nameOfFile(relative: string): string {
  const base = relative.split('/').pop() ?? relative;
  return base
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim();
}

/**
 * What the home page shows beside the techdocs groups, for one reader: the doc sets they may open,
 * the pages readers of their kind opened most in the last {@link HOME_POPULAR_DAYS} days, and the
 * doc sets published most recently. Every list goes through `canRead` over the config in force and
 * the served releases, so a doc set out of the reader's reach, or a page no longer published,
 * never appears. Release dates and page titles are read once per release and kept.
 */
export class HomeContent {
  private readonly publishedAt = new Map<string, Promise<string | null>>();
  private readonly titles = new Map<string, Promise<string>>();
  private readonly base: string;

  constructor(
    private readonly config: PortalConfig,
    private readonly library: ServedReleases,
    private readonly analytics: AnalyticsStore,
    private readonly options: HomeContentOptions = {},
  ) {
    this.base = config.basePath.replace(/\/+$/, '');
  }

  /** The home page data for `reader`. */
  async forReader(reader: Reader): Promise<Home> {
    const readable = this.config.docSets.filter((docSet) => canRead(reader, docSet));
    const listed = (await Promise.all(readable.map((docSet) => this.describe(docSet)))).filter(
      (docSet): docSet is HomeDocSet => docSet !== null,
    );
    const docSets = [...listed].sort(
      (a, b) => a.product.localeCompare(b.product) || a.title.localeCompare(b.title),
    );
    const recentlyPublished = listed
      .filter((docSet) => docSet.publishedAt !== null)
      .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''))
      .slice(0, RECENTLY_PUBLISHED_COUNT);
    return { docSets, mostOpened: await this.mostOpened(reader), recentlyPublished };
  }

  private async describe(docSet: DocSetConfig): Promise<HomeDocSet | null> {
    const index = this.library.current(docSet.id);
    if (!index) return null;
    const start = docSet.defaultPage ? '' : this.firstPage(index);
    if (start === null) return null;
    return {
      id: docSet.id,
      title: docSet.title,
      product: docSet.product,
      version: docSet.version,
      path: `/${docSet.mount}/${start}`,
      publishedAt: await this.releaseDate(index),
    };
  }

  /** A page to open a doc set without a default page at: its index page, else its shallowest page. */
  private firstPage(index: ReleaseIndex): string | null {
    const pages = index.paths().filter((file) => /\.html?$/i.test(file));
    const named = pages.find((file) => /^index\.html?$/i.test(file));
    if (named) return named;
    const depth = (file: string) => file.split('/').length;
    return pages.sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))[0] ?? null;
  }

  private releaseDate(index: ReleaseIndex): Promise<string | null> {
    const key = `${index.docSetId}\0${index.release}`;
    let date = this.publishedAt.get(key);
    if (!date) {
      date = readFile(path.join(index.dir, MANIFEST_FILE), 'utf8').then(
        (text) => {
          const value = (JSON.parse(text) as { publishedAt?: unknown }).publishedAt;
          return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
        },
        () => null,
      );
      this.publishedAt.set(key, date);
    }
    return date;
  }

  private async mostOpened(reader: Reader): Promise<HomePopularPage[]> {
    if (!reader.kind) return [];
    const to = this.options.now?.() ?? new Date();
    const from = new Date(to.getTime() - HOME_POPULAR_DAYS * DAY_MS);
    let opened;
    try {
      opened = await this.analytics.mostOpened(
        { from, to },
        { kind: reader.kind, limit: OPENED_CANDIDATES },
      );
    } catch (error) {
      this.options.onAnalyticsError?.(error);
      return [];
    }
    const pages = new Map<
      string,
      { docSet: DocSetConfig; index: ReleaseIndex; relative: string; file: DocFile; opens: number }
    >();
    for (const { url, opens } of opened) {
      const found = this.pageAt(url, reader);
      if (!found) continue;
      const key = `/${found.docSet.mount}/${found.relative}`;
      const seen = pages.get(key);
      if (seen) seen.opens += opens;
      else pages.set(key, { ...found, opens });
    }
    const top = [...pages.entries()]
      .sort(([a, x], [b, y]) => y.opens - x.opens || a.localeCompare(b))
      .slice(0, MOST_OPENED_COUNT);
    return Promise.all(
      top.map(async ([pagePath, page]) => ({
        title: await this.titleOf(page.index, page.relative, page.file),
        path: pagePath,
        docSetTitle: page.docSet.title,
        opens: page.opens,
      })),
    );
  }

  /** The served page a recorded URL names, when the reader may read it and it still exists. */
  private pageAt(url: string, reader: Reader) {
    const docSet = docSetAtPath(this.config.docSets, this.base, url);
    if (!docSet || !canRead(reader, docSet)) return null;
    const index = this.library.current(docSet.id);
    if (!index) return null;
    let pathname: string;
    try {
      pathname = new URL(url, 'http://portal.invalid').pathname;
    } catch {
      return null;
    }
    const docPath = parseDocPath(pathname.slice(`${this.base}/${docSet.mount}/`.length));
    if (!docPath) return null;
    let relative = docPath.relative;
    if (docPath.folder) {
      if (!docSet.defaultPage) return null;
      relative = relative ? `${relative}/${docSet.defaultPage}` : docSet.defaultPage;
    }
    const file = index.file(relative);
    if (!file || !file.contentType.startsWith('text/html')) return null;
    return { docSet, index, relative, file };
  }

  private titleOf(index: ReleaseIndex, relative: string, file: DocFile): Promise<string> {
    const key = `${index.docSetId}\0${index.release}\0${relative}`;
    let title = this.titles.get(key);
    if (!title) {
      if (this.titles.size >= MAX_TITLES) this.titles.clear();
      title = readStart(file.identity.path).then(
        (html) => htmlTitle(html) || nameOfFile(relative),
        () => nameOfFile(relative),
      );
      this.titles.set(key, title);
    }
    return title;
  }
}

async function readStart(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(TITLE_WINDOW);
    const { bytesRead } = await handle.read(buffer, 0, TITLE_WINDOW, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
