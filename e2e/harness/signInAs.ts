import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newReader, submitDevLogin } from './browser';

/** Which sign-in path of the login page to take. */
export type SignInProvider = 'sso' | 'employee';

/** Options of {@link signInAs}. */
export interface SignInOptions {
  /** `sso` clicks "Click to sign in", `employee` the "Employee sign-in" link (default `sso`). */
  provider?: SignInProvider;
  /** The portal path opened first, before sign-in (default `/docs/ui/`). */
  startPath?: string;
  /** Viewport width in CSS pixels (default 1280). */
  width?: number;
}

/** A browser profile with a signed-in reader, and the page that signed in. */
export interface SignedInReader {
  /** The profile holding the session cookie; close it when done. */
  context: BrowserContext;
  /** The page, back on the portal after sign-in. */
  page: Page;
}

/** True while the page is still on the login route, the sign-in starts or the identity provider. */
function isSigningIn(url: URL): boolean {
  return (
    url.pathname === '/docs/ui/login' ||
    url.pathname.startsWith('/docs/auth/') ||
    url.pathname.startsWith('/dev-idp/')
  );
}

/**
 * Signs `username` (a demo user of the development identity provider: customer, partner or
 * employee) in from a fresh profile. Opens `startPath`, follows the portal to its login page,
 * takes the chosen sign-in path, fills the identity provider's form, and resolves once the browser
 * is back on the portal (wherever the portal's return rule sends it) with the app loaded.
 */
export async function signInAs(
  browser: Browser,
  origin: string,
  username: string,
  options: SignInOptions = {},
): Promise<SignedInReader> {
  const { context, page } = await newReader(browser, { width: options.width });
  await page.goto(origin + (options.startPath ?? '/docs/ui/'));
  await page.waitForURL((url) => url.pathname === '/docs/ui/login');
  if (options.provider === 'employee') {
    await page.getByRole('link', { name: 'Employee sign-in' }).click();
  } else {
    await page.getByRole('button', { name: 'Click to sign in' }).click();
  }
  await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
  await submitDevLogin(page, username);
  await page.waitForURL((url) => url.origin === origin && !isSigningIn(url));
  await page.waitForLoadState('load');
  return { context, page };
}
