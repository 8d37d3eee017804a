/*
 * The protocol between the portal's search page and the search client it frames, without zod,
 * so that the search clients can import it: `@docs-portal/contracts/frame`.
 *
 * Both sides talk through window.postMessage and accept only messages from their own origin:
 * the portal only from its own iframe's window, the client only from its parent window. Every
 * message is checked (frameMessages.ts) before it is acted on.
 */
export * from './connectToPortal';
export * from './exposeSearchHost';
export * from './frameMessages';
export * from './frameWindow';
