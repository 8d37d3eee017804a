import { safePortalPath } from '@docs-portal/contracts/safety';

/** Where the two sign-in buttons of the login page send the browser. */
export interface SignInUrls {
  /** Single sign-on start for customers and partners (`{docsApi}/auth/salesforce`). */
  sso: string;
  /** Employee sign-in start (`{docsApi}/auth/employee`). */
  employee: string;
}

/**
 * The sign-in start addresses (SPEC.md section 7). With a `redirectPath`, both carry
 * `return=<encoded redirectPath>`, followed by the encoded `#fragment` of the login page when it
 * has one, so the reader comes back to the same page and anchor. A `redirectPath` that is not a
 * safe same-origin path under the base path (`safePortalPath`) is dropped: a crafted login link
 * cannot carry the reader elsewhere after sign-in, even before the server checks it again.
 */
export function signInUrls(
  basePath: string,
  redirectPath: string | null,
  hash: string,
): SignInUrls {
  let query = '';
  const returnPath = redirectPath ? safePortalPath(redirectPath, basePath) : null;
  if (returnPath !== null) {
    const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
    query = `?return=${encodeURIComponent(returnPath)}`;
    if (fragment !== '') query += encodeURIComponent(`#${fragment}`);
  }
  return {
    sso: `${basePath}/auth/salesforce${query}`,
    employee: `${basePath}/auth/employee${query}`,
  };
}
