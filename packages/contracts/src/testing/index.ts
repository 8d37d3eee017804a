/*
 * Test fixtures other packages share (`@docs-portal/contracts/testing`): import them from tests
 * only, never from code that ships.
 */
export * from './portalPathTable';
