import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { FacetField, PortalConnection, SearchFilters } from '@docs-portal/contracts';
import { MAX_SEARCH_LENGTH } from '@docs-portal/contracts/frame';
import { recordClick } from '../api/recordClick';
import { createSearchApi, type SearchQuery } from '../api/searchApi';
import { IDLE_STATE, SearchRunner, type SearchState } from '../api/SearchRunner';
import { followContentHeight, revealElement } from '../layout/followContentHeight';
import { Completions } from './Completions';
import { Facets } from './Facets';
import { facetFilters, filterCount, toggleFilter } from './filters';
import { Pager } from './Pager';
import { flatOptions, LISTBOX_ID, resultGroups, type ResultOption } from './resultOptions';
import { ResultList } from './ResultList';
import { SandboxPanel } from './SandboxPanel';
import { SearchStatus } from './SearchStatus';
import { useCompletions } from './useCompletions';
import { useSearchShortcuts } from './useSearchShortcuts';

/** Results per page while typing. */
export const INSTANT_PAGE_SIZE = 8;
/** Results per page of the full list ("See all results"). */
export const FULL_PAGE_SIZE = 20;
/**
 * Least time between two searches while typing, in ms. Below the gap between keys of a steady
 * typist (about 80 ms), so each of their keystrokes searches at once; keys typed faster are
 * gathered into one search.
 */
export const TYPING_DEBOUNCE_MS = 60;

/** Props of {@link SearchApp}. */
export interface SearchAppProps {
  /** The portal page framing the client (or the stand-alone stand-in). */
  connection: PortalConnection;
  /** The fetch to call the APIs with (default the global one). */
  fetch?: typeof fetch;
  /** The sandbox page: scores, explanations, timings and raw JSON. */
  sandbox?: boolean;
  /** Least time between two searches while typing, in ms (default {@link TYPING_DEBOUNCE_MS}). */
  debounceMs?: number;
}

/** What the reader asked for. */
interface SearchParams {
  text: string;
  filters: SearchFilters;
  /** instant: the first results while typing; all: the full list, paged. */
  mode: 'instant' | 'all';
  page: number;
}

/** How a change of search is run and recorded in the portal's history. */
interface RunHow {
  /** Wait for a pause in typing. */
  debounce?: boolean;
  /** push: a new history entry; replace: update the current one; null: do not report. */
  history: 'push' | 'replace' | null;
}

/**
 * The newer search client: a search-as-you-type combobox over the search API with results
 * grouped by page, facets, "did you mean", paging and keyboard use. Opening a result records the
 * click and asks the portal to open it in the top window.
 */
export function SearchApp({
  connection,
  fetch,
  sandbox = false,
  debounceMs = TYPING_DEBOUNCE_MS,
}: SearchAppProps) {
  const [state, setState] = useState<SearchState>(IDLE_STATE);
  const [runner] = useState(
    () => new SearchRunner(createSearchApi({ connection, fetch }), setState, { debounceMs }),
  );
  const [params, setParams] = useState<SearchParams>(() => ({
    text: connection.searchString.slice(0, MAX_SEARCH_LENGTH),
    filters: facetFilters(connection.filters),
    mode: connection.page === undefined ? 'instant' : 'all',
    page: connection.page ?? 1,
  }));
  const paramsRef = useRef(params);
  const [activeId, setActiveId] = useState<string | null>(null);
  /** The text comes from the reader's keystrokes (not the URL, a pick, a clear or a page). */
  const [typed, setTyped] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  const search = useCallback(
    (next: Partial<SearchParams>, how: RunHow) => {
      const p = { ...paramsRef.current, ...next };
      paramsRef.current = p;
      setParams(p);
      setActiveId(null);
      setTyped(how.debounce === true);
      const q = p.text.trim();
      if (q === '') {
        runner.clear();
      } else {
        const query: SearchQuery = {
          q,
          filters: p.filters,
          page: p.page,
          pageSize: p.mode === 'all' ? FULL_PAGE_SIZE : INSTANT_PAGE_SIZE,
          explain: sandbox,
        };
        if (how.debounce) runner.schedule(query);
        else runner.run(query);
      }
      if (how.history) {
        connection.reportState({
          searchString: p.text,
          filters: p.filters,
          history: how.history,
          page: p.mode === 'all' ? p.page : undefined,
        });
      }
    },
    [runner, connection, sandbox],
  );

  useEffect(() => {
    // The search the portal opened the client with: already in the portal's URL.
    if (paramsRef.current.text.trim() !== '') search({}, { history: null });
    return () => runner.cancel();
  }, [runner, search]);

  useSearchShortcuts(inputRef);

  const completions = useCompletions(
    { searchUrl: connection.searchUrl, fetch },
    params.text,
    typed && params.mode === 'instant',
    debounceMs,
  );

  useEffect(() => followContentHeight(connection, document.body), [connection]);

  // The reader opened search to type. Not the autoFocus attribute: Preact only sets it (React
  // called focus()), and browsers honour it only while nothing else in the window has focus.
  useLayoutEffect(() => inputRef.current?.focus(), []);

  const showResults = state.phase === 'ready' || state.phase === 'loading';
  const response = showResults ? state.response : null;
  const groups = resultGroups(response);
  const options = flatOptions(groups);
  const active = options.find((option) => option.id === activeId) ?? null;

  useEffect(() => {
    const element = activeId ? document.getElementById(activeId) : null;
    if (element) revealElement(connection, element);
  }, [activeId, connection]);

  const open = (option: ResultOption) => {
    const query = state.query?.q ?? paramsRef.current.text.trim();
    recordClick(
      { searchUrl: connection.searchUrl, fetch },
      { query, rank: option.rank, url: option.url },
    );
    connection.navigate(option.url);
  };

  const openedElsewhere = (option: ResultOption) => {
    recordClick(
      { searchUrl: connection.searchUrl, fetch },
      {
        query: state.query?.q ?? paramsRef.current.text.trim(),
        rank: option.rank,
        url: option.url,
      },
    );
  };

  const seeAll = () => {
    if (paramsRef.current.text.trim() === '') return;
    search({ mode: 'all', page: 1 }, { history: 'push' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const at = active ? options.indexOf(active) : -1;
    switch (event.key) {
      case 'ArrowDown':
        if (options.length === 0) return;
        event.preventDefault();
        setActiveId(options[Math.min(at + 1, options.length - 1)]?.id ?? null);
        break;
      case 'ArrowUp':
        if (options.length === 0) return;
        event.preventDefault();
        setActiveId(at === -1 ? (options.at(-1)?.id ?? null) : (options[at - 1]?.id ?? null));
        break;
      case 'Enter':
        event.preventDefault();
        if (active) open(active);
        else seeAll();
        break;
      case 'Escape':
        if (params.text === '' && !active) return;
        event.preventDefault();
        search({ text: '', mode: 'instant', page: 1 }, { history: 'replace' });
        break;
    }
  };

  const onToggle = (field: FacetField, value: string) =>
    search({ filters: toggleFilter(params.filters, field, value), page: 1 }, { history: 'push' });
  const onClearFilters = () => search({ filters: {}, page: 1 }, { history: 'push' });
  const selectedCount = filterCount(params.filters);
  const total = response?.total ?? 0;

  return (
    <div className={sandbox ? 'sc-app sc-app-sandbox' : 'sc-app'}>
      <header className="sc-header">
        <h1 className="sc-visually-hidden">
          {sandbox ? 'Search sandbox' : 'Search the documentation'}
        </h1>
        <form
          role="search"
          className="sc-form"
          onSubmit={(event) => {
            event.preventDefault();
            seeAll();
          }}
        >
          <label htmlFor="sc-q" className="sc-visually-hidden">
            Search the documentation
          </label>
          <span className="sc-field">
            <input
              ref={inputRef}
              id="sc-q"
              className="sc-input"
              type="text"
              role="combobox"
              autoComplete="off"
              spellcheck={false}
              placeholder="Search the documentation"
              aria-autocomplete="list"
              aria-controls={LISTBOX_ID}
              aria-expanded={options.length > 0}
              aria-activedescendant={active?.id}
              aria-describedby="sc-keys"
              value={params.text}
              maxLength={MAX_SEARCH_LENGTH}
              enterKeyHint="search"
              onChange={(event) =>
                search(
                  { text: event.currentTarget.value, mode: 'instant', page: 1 },
                  { debounce: true, history: 'replace' },
                )
              }
              onKeyDown={onKeyDown}
            />
            {params.text !== '' && (
              <button
                type="button"
                className="sc-clear"
                aria-label="Clear search"
                onClick={() => {
                  search({ text: '', mode: 'instant', page: 1 }, { history: 'replace' });
                  inputRef.current?.focus();
                }}
              >
                ×
              </button>
            )}
          </span>
          <button type="submit" className="sc-submit">
            <svg className="sc-submit-icon" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="10.5" cy="10.5" r="6.5" />
              <path d="m15.5 15.5 5 5" />
            </svg>
            <span className="sc-submit-text">Search</span>
          </button>
        </form>
        <p id="sc-keys" className="sc-keys">
          <kbd>/</kbd> or <kbd>Ctrl</kbd>+<kbd>K</kbd> to search, <kbd>↑</kbd> <kbd>↓</kbd> to move,{' '}
          <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to clear
        </p>
      </header>
      <div className="sc-body">
        <button
          type="button"
          className="sc-filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="sc-facets"
          onClick={() => setFiltersOpen((isOpen) => !isOpen)}
        >
          Filters{selectedCount > 0 ? ` (${selectedCount})` : ''}
        </button>
        <aside
          id="sc-facets"
          className={filtersOpen ? 'sc-facets sc-facets-open' : 'sc-facets'}
          aria-label="Filters"
        >
          {(response || selectedCount > 0) && (
            <Facets
              facets={response?.facets ?? null}
              selected={params.filters}
              onToggle={onToggle}
              onClear={onClearFilters}
            />
          )}
        </aside>
        <main className="sc-main" ref={mainRef}>
          <SearchStatus
            state={state}
            filtered={selectedCount > 0}
            onSuggestion={(text) => search({ text, mode: 'instant', page: 1 }, { history: 'push' })}
            onRetry={() => search({}, { history: null })}
            onClearFilters={onClearFilters}
          />
          <Completions
            completions={completions}
            onPick={(text) => {
              search({ text, mode: 'instant', page: 1 }, { history: 'push' });
              inputRef.current?.focus();
            }}
          />
          {sandbox && response && (
            <SandboxPanel response={response} roundTripMs={state.roundTripMs} />
          )}
          <ResultList
            groups={groups}
            activeId={active?.id ?? null}
            sandbox={sandbox}
            busy={state.phase === 'loading'}
            onOpen={open}
            onOpenElsewhere={openedElsewhere}
          />
          {response && params.mode === 'instant' && total > response.hits.length && (
            <button type="button" className="sc-see-all" onClick={seeAll}>
              See all {total} results
            </button>
          )}
          {response && params.mode === 'all' && (
            <Pager
              page={response.page}
              pageSize={response.pageSize}
              total={total}
              onPage={(page) => {
                search({ page }, { history: 'push' });
                if (mainRef.current) revealElement(connection, mainRef.current, 'start');
              }}
            />
          )}
        </main>
      </div>
    </div>
  );
}
