/*
 * The search overlay opened by `/` and Ctrl/Cmd-K on every portal and doc page:
 * `@docs-portal/search-client/overlay` (framework-free, so the web app and the doc-page script
 * both use it).
 */
export * from './SearchOverlay';
export * from './recentSearches';
export * from './searchOrigin';
export * from './searchShortcuts';
