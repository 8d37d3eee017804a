import type { SearchHit } from '@docs-portal/contracts';
import {
  connectToPortal,
  MAX_SEARCH_LENGTH,
  type PortalConnection,
} from '@docs-portal/contracts/frame';
import { recordClick } from '../api/recordClick';
import { createSearchApi, type SearchQuery } from '../api/searchApi';
import { followContentHeight, revealElement } from '../layout/followContentHeight';
import { snippetParts } from '../snippet/snippetParts';

/** Results per page of the older client. */
export const LEGACY_PAGE_SIZE = 10;

/** What {@link mountLegacyClient} needs from outside (tests pass stand-ins). */
export interface LegacyClientOptions {
  /** Connects to the portal (default {@link connectToPortal}). */
  connect?: () => Promise<PortalConnection>;
  /** The fetch to call the APIs with (default the global one). */
  fetch?: typeof fetch;
}

type Child = Node | string;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** A snippet as text nodes and `<mark>` elements: never parsed as HTML. */
function snippetNodes(snippet: string): Child[] {
  return snippetParts(snippet).map((part) =>
    part.mark ? h('mark', { textContent: part.text }) : part.text,
  );
}

/**
 * The older search client: plain DOM, no framework. A query box, results with breadcrumbs and
 * highlighted snippets, "did you mean", and previous/next paging. Speaks the same frame protocol
 * as the newer client: 401s go to the portal's notifier, searches are mirrored in the portal's
 * URL, and a result opens in the top window after its click is recorded.
 */
export async function mountLegacyClient(
  root: HTMLElement,
  options: LegacyClientOptions = {},
): Promise<void> {
  const status = h('p', { className: 'lc-status' });
  status.setAttribute('role', 'status');
  let connection: PortalConnection;
  try {
    connection = await (options.connect ?? connectToPortal)();
  } catch {
    status.textContent = 'Search could not start: open it from the portal’s search page.';
    root.replaceChildren(status);
    return;
  }
  const api = createSearchApi({ connection, fetch: options.fetch });
  const initial = connection.searchString.slice(0, MAX_SEARCH_LENGTH);

  const input = h('input', {
    id: 'lc-q',
    type: 'search',
    name: 'q',
    value: initial,
    maxLength: MAX_SEARCH_LENGTH,
    autocomplete: 'off',
  });
  const form = h(
    'form',
    { className: 'lc-form' },
    h('label', { htmlFor: 'lc-q', textContent: 'Search the documentation' }),
    h('span', { className: 'lc-row' }, input, h('button', { type: 'submit' }, 'Search')),
  );
  form.setAttribute('role', 'search');
  const suggestion = h('p', { className: 'lc-suggestion', hidden: true });
  const list = h('ol', { className: 'lc-results' });
  const previous = h('button', { type: 'button', textContent: 'Previous' });
  const next = h('button', { type: 'button', textContent: 'Next' });
  const pageLabel = h('span');
  const pager = h('nav', { className: 'lc-pager', hidden: true }, previous, pageLabel, next);
  pager.setAttribute('aria-label', 'Result pages');
  const main = h('main', { className: 'lc-main' }, status, suggestion, list, pager);
  root.replaceChildren(
    h(
      'header',
      { className: 'lc-header' },
      h('h1', { className: 'lc-visually-hidden', textContent: 'Search the documentation' }),
      form,
    ),
    main,
  );
  followContentHeight(connection, document.body);

  let controller: AbortController | null = null;
  let sequence = 0;
  let page = 1;
  // The search text of the results shown: paging pages through it, not through an unsent edit.
  let searched = '';

  const open = (query: string, rank: number, url: string) => {
    recordClick({ searchUrl: connection.searchUrl, fetch: options.fetch }, { query, rank, url });
    connection.navigate(url);
  };

  const result = (hit: SearchHit, query: string, rank: number) => {
    const title = h('a', { href: hit.url, className: 'lc-title', textContent: hit.title });
    title.addEventListener('click', (event) => {
      event.preventDefault();
      open(query, rank, hit.url);
    });
    const item = h('li', {}, title);
    if (hit.breadcrumb.length > 0) {
      item.append(h('div', { className: 'lc-crumbs', textContent: hit.breadcrumb.join(' › ') }));
    }
    item.append(h('p', { className: 'lc-snippet' }, ...snippetNodes(hit.snippet)));
    const others = hit.alsoIn ?? [];
    if (others.length > 0) {
      const links = others.map((other) => {
        const link = h('a', { href: other.url, textContent: other.version });
        link.addEventListener('click', (event) => {
          event.preventDefault();
          open(query, rank, other.url);
        });
        return link;
      });
      const also = h('div', { className: 'lc-crumbs' }, 'Also in ');
      links.forEach((link, i) => also.append(...(i === 0 ? [] : [', ']), link));
      item.append(also);
    }
    return item;
  };

  const run = async (text: string, wanted: number, report?: 'push') => {
    controller?.abort();
    const mine = ++sequence;
    const q = text.trim();
    searched = q;
    if (q === '') {
      controller = null;
      status.textContent = '';
      suggestion.hidden = true;
      list.replaceChildren();
      pager.hidden = true;
      return;
    }
    if (report) connection.reportState({ searchString: q, page: wanted > 1 ? wanted : undefined });
    controller = new AbortController();
    status.textContent = 'Searching…';
    const query: SearchQuery = { q, filters: {}, page: wanted, pageSize: LEGACY_PAGE_SIZE };
    let outcome;
    try {
      outcome = await api.search(query, controller.signal);
    } catch {
      return;
    }
    if (mine !== sequence) return;
    suggestion.hidden = true;
    list.replaceChildren();
    pager.hidden = true;
    if (!outcome.ok) {
      status.textContent = outcome.message;
      return;
    }
    const { response } = outcome;
    page = response.page;
    const first = (response.page - 1) * response.pageSize;
    status.textContent =
      response.total === 0
        ? `No results for “${q}”.`
        : `${response.total} ${response.total === 1 ? 'result' : 'results'} for “${q}”`;
    if (response.suggestion && response.suggestion !== q) {
      const fix = response.suggestion;
      const link = h('button', { type: 'button', className: 'lc-link', textContent: fix });
      link.addEventListener('click', () => {
        input.value = fix;
        connection.reportState({ searchString: fix });
        void run(fix, 1);
      });
      suggestion.replaceChildren('Did you mean ', link, '?');
      suggestion.hidden = false;
    }
    list.start = first + 1;
    list.replaceChildren(...response.hits.map((hit, i) => result(hit, q, first + i + 1)));
    const pages = Math.ceil(response.total / response.pageSize);
    if (pages > 1) {
      pageLabel.textContent = `Page ${page} of ${pages}`;
      previous.disabled = page <= 1;
      next.disabled = page >= pages;
      pager.hidden = false;
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    connection.reportState({ searchString: input.value });
    void run(input.value, 1);
  });
  const turn = (to: number) => {
    void run(searched, to, 'push');
    revealElement(connection, main, 'start');
  };
  previous.addEventListener('click', () => turn(page - 1));
  next.addEventListener('click', () => turn(page + 1));
  if (initial.trim() !== '') void run(initial, connection.page ?? 1);
}
