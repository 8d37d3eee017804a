import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newReader, submitDevLogin } from '../harness/browser';
import { startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

let browser: Browser;
let portal: PortalProcess;
let port: string;

beforeAll(async () => {
  // Exactly `PORT=<port> npm run serve`: no PUBLIC_URL, no HOST, the repository's config file.
  [browser, portal] = await Promise.all([
    launchBrowser(),
    startPortalProcess({ env: { PUBLIC_URL: undefined, HOST: undefined } }),
  ]);
  port = new URL(portal.origin).port;
});
afterAll(async () => {
  await Promise.all([browser?.close(), portal?.stop()]);
});

const readers = [
  { username: 'customer', link: 'Click to sign in', name: 'Casey Customer' },
  { username: 'employee', link: 'Employee sign-in', name: 'Emery Employee' },
] as const;

describe('a development portal started with only PORT', () => {
  for (const host of ['localhost', '127.0.0.1']) {
    for (const reader of readers) {
      it(`signs the ${reader.username} demo user in when opened at http://${host}:<port>/docs/ui/`, async () => {
        const home = `http://localhost:${port}`;
        const { context, page } = await newReader(browser);
        await page.goto(`http://${host}:${port}/docs/ui/`);
        await page.waitForURL((url) => url.pathname === '/docs/ui/login');
        // Sign-in runs on the one host the callbacks and the identity provider's issuer name.
        expect(new URL(page.url()).origin).toBe(home);
        if (reader.username === 'employee') {
          await page.getByRole('link', { name: reader.link }).click();
        } else {
          await page.getByRole('button', { name: reader.link }).click();
        }
        await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
        await submitDevLogin(page, reader.username);
        await page.waitForURL((url) => url.pathname === '/docs/ui/');
        expect(page.url()).not.toContain('error=');
        expect(new URL(page.url()).origin).toBe(home);
        await expect.poll(() => page.getByText(reader.name).isVisible()).toBe(true);
        const user = await page.request.get(`${home}/docs/user`);
        expect(user.status()).toBe(200);
        await context.close();
      });
    }
  }
});
