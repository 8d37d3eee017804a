import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, submitDevLogin } from '../harness/browser';
import { signInAs } from '../harness/signInAs';
import { startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

// A portal of its own, so the test knows where its sessions are stored and may end them all.
let portal: PortalProcess;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortalProcess(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Ends every session on the server, as an idle or absolute expiry would. */
function expireAllSessions(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'sessions.sqlite'));
  try {
    return db.prepare('DELETE FROM sessions').run().changes;
  } finally {
    db.close();
  }
}

/** The search client framed by the search page, once it shows the search it was opened with. */
async function connectedSearchFrame(page: Page, searchString: string): Promise<Frame> {
  const iframe = page.locator('iframe[title="Documentation search"]');
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the search page has no search frame');
  await frame.waitForFunction(
    (expected) => Array.from(document.querySelectorAll('input')).some((i) => i.value === expected),
    searchString,
  );
  return frame;
}

describe('a session that expires on the search page', () => {
  it('sends the reader to sign in on the next search and brings them back to the same search page', async () => {
    const { context, page } = await signInAs(browser, portal.origin, 'customer', {
      startPath: '/docs/ui/search/restore',
    });
    expect(new URL(page.url()).pathname).toBe('/docs/ui/search/restore');
    const frame = await connectedSearchFrame(page, 'restore');

    expect(expireAllSessions(portal.dataDir)).toBeGreaterThan(0);
    expect((await page.request.get(`${portal.origin}/docs/user`)).status()).toBe(401);

    // The reader searches again: the client's API call answers 401 and reports it to the portal.
    // The newer client's box is a combobox, the older client's a search box.
    const box = frame.getByRole('combobox').or(frame.getByRole('searchbox')).first();
    const atLogin = page.waitForURL((url) => url.pathname === '/docs/ui/login');
    await box.fill('restore jobs');
    // The newer client searches as the reader types, the older one on Enter: by the time Enter is
    // pressed the portal may already have left the search page, taking the frame with it.
    await box.press('Enter').catch((error: unknown) => {
      if (!/detached|closed|destroyed/i.test(String(error))) throw error;
    });
    await atLogin;
    const redirectPath = new URL(page.url()).searchParams.get('redirectPath');
    // The client may mirror the new search in the portal URL before its call fails (with the
    // result page it asks for, once it has committed the search), or not.
    expect([
      '/docs/ui/search/restore',
      '/docs/ui/search/restore%20jobs',
      '/docs/ui/search/restore%20jobs?page=1',
    ]).toContain(redirectPath);

    await page.getByRole('button', { name: 'Click to sign in' }).click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/dev-idp/') || url.pathname.startsWith('/docs/ui/search'),
    );
    // The identity provider may remember the reader and skip its form.
    if (new URL(page.url()).pathname.startsWith('/dev-idp/')) {
      await submitDevLogin(page, 'customer');
    }
    await page.waitForURL((url) => url.pathname.startsWith('/docs/ui/search'));
    const back = new URL(page.url());
    expect(back.pathname + back.search).toBe(redirectPath);
    const searchString = decodeURIComponent(back.pathname.slice('/docs/ui/search/'.length));
    await connectedSearchFrame(page, searchString);
    await expect.poll(() => page.getByText('Casey Customer').isVisible()).toBe(true);
    expect((await page.request.get(`${portal.origin}/docs/user`)).status()).toBe(200);
    await context.close();
  });
});
