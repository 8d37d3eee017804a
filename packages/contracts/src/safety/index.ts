/*
 * Zod-free helpers that keep what readers are sent to and shown safe, shared by the server, the web
 * app and the search clients (`@docs-portal/contracts/safety`): same-origin portal paths, HTML
 * escaping, cookie reading. Nothing here imports outside this folder, so a browser bundle that
 * uses it stays small.
 */
export * from './escapeHtml';
export * from './readCookie';
export * from './safePortalPath';
