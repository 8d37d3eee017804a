import { useEffect } from 'react';
import { useLocation, useMatch } from 'react-router';
import { usePortal } from '../data/PortalContext';

/** The name of the page at `pathname` (below the router basename), or null for none of ours. */
export function pageName(pathname: string, search: string, routeSearch?: string): string | null {
  if (pathname === '/login') return 'Sign in';
  if (pathname === '/' || pathname === '') return 'Home';
  if (pathname === '/search' || pathname.startsWith('/search/')) {
    const words = (routeSearch ?? new URLSearchParams(search).get('searchString') ?? '').trim();
    return words ? `Search: ${words}` : 'Search';
  }
  return null;
}

/**
 * Keeps `document.title` naming the page the reader is on ("Sign in", "Home", "Search: <query>"),
 * followed by the site's name, so tabs, history and screen readers tell pages apart.
 */
export function PageTitle() {
  const { bootstrap } = usePortal();
  const location = useLocation();
  const searchMatch = useMatch('/search/:searchString');
  const name = pageName(location.pathname, location.search, searchMatch?.params.searchString);
  useEffect(() => {
    document.title = name ? `${name} · ${bootstrap.productName}` : bootstrap.productName;
  }, [name, bootstrap.productName]);
  return null;
}
