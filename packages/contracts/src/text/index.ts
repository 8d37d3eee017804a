/*
 * Zod-free text rules shared by the search index, the server and the browser clients
 * (`@docs-portal/contracts/text`): what a word is and how words compare. Nothing here imports
 * outside this folder, so a browser bundle that uses it stays small.
 */
export * from './foldCase';
export * from './words';
