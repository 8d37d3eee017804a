import { exposeSearchHost } from '@docs-portal/contracts/frame';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useEnvironment, usePortal } from '../data/PortalContext';
import { isDocsApiUrl } from '../http/loginRedirect';
import { Spinner } from '../login/Spinner';
import { browser } from '../portal/browser';
import { frameSource } from './frameSource';
import { readSearch } from './readSearch';
import { searchKey, searchRoutePath, type PortalSearch } from './searchRoute';
import './search.css';

/** Room kept between a revealed part of the client and the window's edges, in CSS pixels. */
const REVEAL_MARGIN = 12;

/** Height of the portal's fixed footer (the `--footer-height` token), in CSS pixels. */
function footerHeight(): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--footer-height');
  const pixels = Number.parseFloat(value);
  return Number.isFinite(pixels) ? pixels : 30;
}

/**
 * Scrolls the window as little as possible so that the band from `top` to `bottom` of the
 * framed document is in view between the top of the window and the fixed footer.
 */
function revealInFrame(iframe: HTMLIFrameElement, top: number, bottom: number): void {
  const frameTop = iframe.getBoundingClientRect().top + iframe.clientTop;
  const viewTop = REVEAL_MARGIN;
  const viewBottom = window.innerHeight - footerHeight() - REVEAL_MARGIN;
  const bandTop = frameTop + top;
  const bandBottom = frameTop + bottom;
  let by = 0;
  if (bandBottom > viewBottom) by = bandBottom - viewBottom;
  if (bandTop - by < viewTop) by = bandTop - viewTop;
  if (by !== 0) window.scrollBy({ top: by, behavior: 'instant' });
}

/**
 * The search page: waits for the environment config, then frames the search client it names
 * and serves it the frame contract (search URL, initial search, HTTP-error notifier). Searches
 * the client reports are mirrored in the page URL; a URL changed from outside (Back, Forward, a
 * link, a new search from the home page) reloads the frame with that search. While the reader
 * types, the frame is the source of truth: the URL follows it and never reloads it. The frame
 * takes the height of its content, so the page is the one thing that scrolls.
 */
export function SearchPage() {
  const portal = usePortal();
  const { basePath } = portal.bootstrap;
  const environment = useEnvironment();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const frameRef = useRef<HTMLIFrameElement>(null);

  const routeParam = params.searchString;
  const current = useMemo(
    () => readSearch(routeParam, location.search),
    [routeParam, location.search],
  );
  const currentKey = searchKey(current);
  // What the frame was loaded with; `id` changes to load it again even with the same address.
  const [frameLoad, setFrameLoad] = useState<{ search: PortalSearch; id: number }>({
    search: current,
    id: 0,
  });
  const frameSearch = frameLoad.search;
  const latestKey = useRef(currentKey);
  // The search the framed client shows now: what it was loaded with or last reported.
  const shownKey = useRef(currentKey);
  // URLs this page navigated to for the client's reports, oldest first, not yet rendered. Several
  // reports can arrive before React renders the first of them: the URL then passes through
  // searches the client has already left, and must not be mistaken for a change from outside.
  const followedKeys = useRef<string[]>([]);
  const [frameHeight, setFrameHeight] = useState<number | null>(null);

  useEffect(() => {
    const key = searchKey(current);
    latestKey.current = key;
    const followed = followedKeys.current.indexOf(key);
    if (followed >= 0) {
      followedKeys.current.splice(0, followed + 1);
      return;
    }
    if (key === shownKey.current) return;
    followedKeys.current = [];
    shownKey.current = key;
    setFrameLoad((previous) => ({ search: current, id: previous.id + 1 }));
  }, [current]);

  const ready = environment.status !== 'loading';
  const env = environment.status === 'ready' ? environment.value : null;
  const src = ready ? frameSource(basePath, env, frameSearch) : null;

  useEffect(() => {
    const iframe = frameRef.current;
    if (!iframe || src === null) return;
    return exposeSearchHost(iframe, {
      searchUrl: `${basePath}/search`,
      searchString: frameSearch.searchString,
      filters: frameSearch.filters,
      page: frameSearch.page,
      basePath,
      onHttpError(status, url) {
        if (status === 401 && isDocsApiUrl(url, basePath, window.location.origin)) {
          portal.goToLogin();
        }
      },
      onStateChange(state) {
        const reported: PortalSearch = { searchString: state.searchString, filters: state.filters };
        if (state.page !== undefined) reported.page = state.page;
        const key = searchKey(reported);
        shownKey.current = key;
        const last = followedKeys.current.at(-1) ?? latestKey.current;
        if (key === last) return;
        followedKeys.current.push(key);
        void navigate(searchRoutePath(reported), { replace: state.history === 'replace' });
      },
      onNavigate(path) {
        browser.assign(path);
      },
      onResize(height) {
        setFrameHeight(Math.ceil(height));
      },
      onReveal(top, bottom) {
        revealInFrame(iframe, top, bottom);
      },
    });
  }, [src, frameLoad, frameSearch, basePath, portal, navigate]);

  if (src === null) {
    return (
      <div className="search-loading" role="status">
        <Spinner diameter={32} />
        <span>Loading search…</span>
      </div>
    );
  }
  return (
    <div className="search-page">
      <h1 className="visually-hidden">Search the documentation</h1>
      <iframe
        key={frameLoad.id}
        ref={frameRef}
        className="search-frame"
        title="Documentation search"
        src={src}
        style={frameHeight === null ? undefined : { height: `${frameHeight}px` }}
      />
    </div>
  );
}
