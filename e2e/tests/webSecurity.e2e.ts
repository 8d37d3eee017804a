import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser, newReader } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
const SUPPORT_HOST = 'support.acme-data.example';
const DOC_PAGE = '/docs/HomePage/Content/home.htm';

let browser: Browser;
let otherSite: Server;
let otherPort: number;

/** Pages of other sites, served from 127.0.0.2 (a different site from the portal's 127.0.0.1). */
function otherSitePage(url: string): string {
  const { pathname } = new URL(url, 'http://x');
  if (pathname === '/logout-link')
    return `<!DOCTYPE html><title>Elsewhere</title><a href="${origin}/docs/logout">Read this</a>`;
  // Sends the whole address as referrer, query included, as a hostile page may choose to.
  if (pathname === '/docs-link')
    return `<!DOCTYPE html><meta name="referrer" content="unsafe-url"><title>Elsewhere</title><a href="${origin}${DOC_PAGE}">Read the docs</a>`;
  return '<!DOCTYPE html><title>Nothing</title>';
}

beforeAll(async () => {
  otherSite = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(otherSitePage(request.url ?? '/'));
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.2', resolve));
  const address = otherSite.address();
  otherPort = typeof address === 'object' && address ? address.port : 0;
  // The support site's and an attacker's host names both lead to the page server on 127.0.0.2.
  browser = await launchBrowser([
    `--host-resolver-rules=MAP ${SUPPORT_HOST} 127.0.0.2, MAP evil.example 127.0.0.2`,
  ]);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => otherSite?.close(resolve));
});

async function userStatus(page: Page): Promise<number> {
  return (await page.request.get(`${origin}/docs/user`)).status();
}

describe('logout from another site', () => {
  it('shows the Sign out? page to a cross-site link, keeps the session, and signs out on the button', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer');
    await page.goto(`http://127.0.0.2:${otherPort}/logout-link`);
    await page.getByRole('link', { name: 'Read this' }).click();
    await page.waitForURL(`${origin}/docs/logout`);
    await page.getByRole('heading', { level: 1, name: 'Sign out?' }).waitFor();
    expect(await page.getByText('Casey Customer').isVisible()).toBe(true);
    expect(await userStatus(page)).toBe(200);
    expect(await checkAccessibility(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/docs/ui/login');
    await page.getByRole('button', { name: 'Click to sign in' }).waitFor();
    expect(await userStatus(page)).toBe(401);
    await context.close();
  });

  it('keeps the reader signed in who chooses to stay', async () => {
    const { context, page } = await signInAs(browser, origin, 'partner');
    await page.goto(`http://127.0.0.2:${otherPort}/logout-link`);
    await page.getByRole('link', { name: 'Read this' }).click();
    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await page.waitForURL(`${origin}/docs/ui/`);
    await page.getByText('Pat Partner').waitFor();
    expect(await userStatus(page)).toBe(200);
    await context.close();
  });

  it("signs out at once from the header's Logout link", async () => {
    const { context, page } = await signInAs(browser, origin, 'customer');
    await page.getByText('Casey Customer').waitFor();
    const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/docs/logout');
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(302);
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/docs/ui/login');
    expect(await userStatus(page)).toBe(401);
    await context.close();
  });
});

describe('automatic sign-on from the support site', () => {
  it('starts single sign-on for a reader coming from the support site', async () => {
    const { context, page } = await newReader(browser);
    await page.goto(`http://${SUPPORT_HOST}:${otherPort}/docs-link`);
    await page.getByRole('link', { name: 'Read the docs' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
    await context.close();
  });

  it('waits for a click when the support host only appears in the referring address', async () => {
    const { context, page } = await newReader(browser);
    await page.goto(`http://evil.example:${otherPort}/docs-link?q=${SUPPORT_HOST}`);
    await page.getByRole('link', { name: 'Read the docs' }).click();
    await page.waitForURL((url) => url.pathname === '/docs/ui/login');
    await page.getByRole('button', { name: 'Click to sign in' }).waitFor();
    expect(await page.evaluate(() => document.referrer)).toContain(`q=${SUPPORT_HOST}`);
    expect(await page.getByRole('status').count()).toBe(0);
    await context.close();
  });
});
