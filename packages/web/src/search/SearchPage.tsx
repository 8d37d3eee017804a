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

/**
 * The search page: waits for the environment config, then frames the search client it names
 * and serves it the frame contract (search URL, initial search, HTTP-error notifier). Searches
 * the client reports are mirrored in the page URL; a URL changed from outside (Back, Forward, a
 * new search from the home page) reloads the frame with that search.
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

  useEffect(() => {
    const key = searchKey(current);
    latestKey.current = key;
    if (key === shownKey.current) return;
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
      basePath,
      onHttpError(status, url) {
        if (status === 401 && isDocsApiUrl(url, basePath, window.location.origin)) {
          portal.goToLogin();
        }
      },
      onStateChange(state) {
        const reported = { searchString: state.searchString, filters: state.filters };
        const key = searchKey(reported);
        shownKey.current = key;
        if (key === latestKey.current) return;
        void navigate(searchRoutePath(reported), { replace: state.history === 'replace' });
      },
      onNavigate(path) {
        browser.assign(path);
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
      />
    </div>
  );
}
