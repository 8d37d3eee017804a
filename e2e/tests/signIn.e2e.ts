import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newReader, submitDevLogin } from '../harness/browser';

const origin = inject('portalOrigin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in in the browser', () => {
  it('takes a customer from the sign-in page through single sign-on back to the page and fragment, then logs out', async () => {
    const { context, page } = await newReader(browser);
    await page.goto(`${origin}/docs/ui/search/restore%20jobs#results`);
    await page.waitForURL((url) => url.pathname === '/docs/ui/login');
    const loginUrl = new URL(page.url());
    expect(loginUrl.searchParams.get('redirectPath')).toBe('/docs/ui/search/restore%20jobs');
    expect(loginUrl.hash).toBe('#results');
    await page.getByRole('button', { name: 'Click to sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
    await submitDevLogin(page, 'customer');
    await page.waitForURL((url) => url.pathname === '/docs/ui/search/restore%20jobs');
    expect(new URL(page.url()).hash).toBe('#results');
    await expect.poll(() => page.getByText('Casey Customer').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/docs/ui/login');
    await expect
      .poll(() => page.getByRole('button', { name: 'Click to sign in' }).isVisible())
      .toBe(true);
    const user = await page.request.get(`${origin}/docs/user`);
    expect(user.status()).toBe(401);
    await context.close();
  });

  it('signs an employee in through employee sign-in', async () => {
    const { context, page } = await newReader(browser);
    await page.goto(`${origin}/docs/ui/`);
    await page.waitForURL((url) => url.pathname === '/docs/ui/login');
    expect(new URL(page.url()).searchParams.has('redirectPath')).toBe(false);
    await page.getByRole('link', { name: 'Employee sign-in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
    await expect.poll(() => page.getByText('Employee sign-in').first().isVisible()).toBe(true);
    await submitDevLogin(page, 'employee');
    await page.waitForURL((url) => url.pathname === '/docs/ui/');
    await expect.poll(() => page.getByText('Emery Employee').isVisible()).toBe(true);
    await context.close();
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(document.domain)',
    '%2F%2Fevil.example',
  ])('keeps the reader on the portal when return is %j', async (hostile) => {
    const { context, page } = await newReader(browser);
    await page.goto(`${origin}/docs/auth/salesforce?return=${encodeURIComponent(hostile)}`);
    await submitDevLogin(page, 'partner');
    await page.waitForURL((url) => url.pathname.startsWith('/docs/ui/'));
    expect(new URL(page.url()).origin).toBe(origin);
    expect(new URL(page.url()).pathname).toBe('/docs/ui/');
    await expect.poll(() => page.getByText('Pat Partner').isVisible()).toBe(true);
    await context.close();
  });

  it('shows a readable message on the sign-in page when the sign-in attempt is forged', async () => {
    const { context, page } = await newReader(browser);
    await page.goto(`${origin}/docs/auth/salesforce/callback?code=x&state=forged`);
    await page.waitForURL((url) => url.pathname === '/docs/ui/login');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('expired or was already used');
    await context.close();
  });
});
