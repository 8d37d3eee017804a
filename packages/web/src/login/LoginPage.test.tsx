import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SIGN_IN_ERRORS } from '@docs-portal/contracts';
import { renderWithPortal } from '../../test/renderApp';
import { browser } from '../portal/browser';
import { LoginPage, SIGNING_IN_TEXT } from './LoginPage';
import { SIGN_IN_SPINNER_TIMEOUT_MS } from './useSignInProgress';

function setReferrer(value: string) {
  Object.defineProperty(document, 'referrer', { value, configurable: true });
}

function renderLogin(route = '/login') {
  return renderWithPortal(<LoginPage />, { route });
}

describe('LoginPage', () => {
  let assign: MockInstance<(url: string) => void>;
  beforeEach(() => {
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    setReferrer('');
  });
  afterEach(() => setReferrer(''));

  it('shows the logo, the site title, the sign-in button, the employee link and the footer', () => {
    const { container } = renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Documentation' })).toBeTruthy();
    expect(container.querySelector('img.login-logo')?.getAttribute('src')).toBe(
      '/docs/ui/icons/logo.svg',
    );
    expect(screen.getByRole('button', { name: 'Click to sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Employee sign-in' }).getAttribute('href')).toBe(
      '/docs/auth/employee',
    );
    expect(screen.getByRole('contentinfo').textContent).toBe(
      `© ${new Date().getFullYear()} Acme Data Inc. All Rights Reserved.`,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('replaces the button by the spinner and starts single sign-on on click', () => {
    const { container } = renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Click to sign in' }));
    expect(assign).toHaveBeenCalledWith('/docs/auth/salesforce');
    expect(screen.queryByRole('button', { name: 'Click to sign in' })).toBeNull();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Signing in, please wait... ');
    expect(SIGNING_IN_TEXT).toBe('Signing in, please wait... ');
    const spinner = container.querySelector('svg.spinner');
    expect(spinner?.getAttribute('width')).toBe('20');
    expect(spinner?.getAttribute('height')).toBe('20');
  });

  it('sends redirectPath and the page fragment along as return on both addresses', () => {
    renderLogin('/login?redirectPath=%2Fdocs%2FWebHelios%2FContent%2FHelios%2FA.htm#Step%202');
    const expected = `?return=${encodeURIComponent('/docs/WebHelios/Content/Helios/A.htm')}${encodeURIComponent('#Step%202')}`;
    expect(screen.getByRole('link', { name: 'Employee sign-in' }).getAttribute('href')).toBe(
      `/docs/auth/employee${expected}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Click to sign in' }));
    expect(assign).toHaveBeenCalledWith(`/docs/auth/salesforce${expected}`);
  });

  it('signs in at once, with the spinner, when the visitor comes from the support site', () => {
    setReferrer('https://support.acme-data.example/s/article/123');
    renderLogin('/login?redirectPath=%2Fdocs%2Fui%2F');
    expect(screen.getByRole('status').textContent).toBe(SIGNING_IN_TEXT);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/docs/auth/salesforce?return=%2Fdocs%2Fui%2F');
  });

  it('waits for a click when the visitor comes from anywhere else', () => {
    setReferrer('https://search.example/?q=acme');
    renderLogin();
    expect(screen.getByRole('button', { name: 'Click to sign in' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    'https://evil.example/?q=support.acme-data.example',
    'https://support.acme-data.example.evil.example/',
  ])('waits for a click when the support host only appears inside %s', (referrer) => {
    setReferrer(referrer);
    renderLogin();
    expect(screen.getByRole('button', { name: 'Click to sign in' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('signs in at once from a subdomain of the support site', () => {
    setReferrer('https://kb.support.acme-data.example/article/9');
    renderLogin();
    expect(screen.getByRole('status').textContent).toBe(SIGNING_IN_TEXT);
    expect(assign).toHaveBeenCalledWith('/docs/auth/salesforce');
  });

  it('switches the spinner off after 15000 ms', () => {
    vi.useFakeTimers();
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Click to sign in' }));
    act(() => void vi.advanceTimersByTime(SIGN_IN_SPINNER_TIMEOUT_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Click to sign in' })).toBeTruthy();
    expect(SIGN_IN_SPINNER_TIMEOUT_MS).toBe(15000);
  });

  it('switches the spinner off when the page is left', () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Click to sign in' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Click to sign in' })).toBeTruthy();
  });

  it('shows the message of a known sign-in error code as an alert', async () => {
    renderLogin('/login?error=invalid_state');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_ERRORS.invalid_state);
  });

  it('shows the generic message for an unknown error code', async () => {
    renderLogin('/login?error=toString');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_ERRORS.sign_in_failed);
  });
});
