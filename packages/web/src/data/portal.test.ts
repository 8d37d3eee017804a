import { describe, expect, it, vi } from 'vitest';
import { callsTo, json, portalHandlers, stubServer, unauthorized } from '../../test/fakeServer';
import { ENVIRONMENT, USER } from '../../test/fixtures';
import { browser } from '../portal/browser';
import { DEFAULT_BOOTSTRAP } from '../portal/bootstrap';
import { createPortal } from './portal';

describe('the shared user', () => {
  it('is fetched once for every consumer', async () => {
    const fetchMock = stubServer();
    const portal = createPortal(DEFAULT_BOOTSTRAP);
    const all = await Promise.all([portal.user.load(), portal.user.load()]);
    await portal.user.load();
    expect(all).toEqual([USER, USER]);
    expect(callsTo(fetchMock, '/docs/user')).toBe(1);
  });

  it('passes a failure to consumers and fetches again on the next request', async () => {
    let fail = true;
    const fetchMock = stubServer({
      '/docs/user': () => (fail ? json({ code: 'x', message: 'Server error' }, 500) : json(USER)),
    });
    const portal = createPortal(DEFAULT_BOOTSTRAP);
    await expect(portal.user.load()).rejects.toMatchObject({ status: 500 });
    fail = false;
    await expect(portal.user.load()).resolves.toEqual(USER);
    expect(callsTo(fetchMock, '/docs/user')).toBe(2);
  });
});

describe('the shared environment', () => {
  it('is fetched once for every consumer', async () => {
    const fetchMock = stubServer();
    const portal = createPortal(DEFAULT_BOOTSTRAP);
    await expect(Promise.all([portal.environment.load(), portal.environment.load()])).resolves.toEqual([
      ENVIRONMENT,
      ENVIRONMENT,
    ]);
    expect(callsTo(fetchMock, '/docs/environment')).toBe(1);
  });

  it('logs a failure and delivers null', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({ '/docs/environment': () => json({ code: 'x', message: 'down' }, 503) });
    const portal = createPortal(DEFAULT_BOOTSTRAP);
    await expect(portal.environment.load()).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith('Could not load the environment configuration.', expect.anything());
  });

  it('delivers null for an answer of the wrong shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({ '/docs/environment': () => json({ isProd: 'yes' }) });
    await expect(createPortal(DEFAULT_BOOTSTRAP).environment.load()).resolves.toBeNull();
  });
});

describe('goToLogin', () => {
  it('moves in-app through the router navigator when there is one', async () => {
    window.history.replaceState(null, '', '/docs/ui/search/abc?x=1#h2');
    stubServer({ ...portalHandlers(), '/docs/user': unauthorized });
    const portal = createPortal(DEFAULT_BOOTSTRAP);
    const navigate = vi.fn();
    portal.setNavigator(navigate);
    await expect(portal.user.load()).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/login?redirectPath=%2Fdocs%2Fui%2Fsearch%2Fabc%3Fx%3D1#h2');
  });

  it('loads the login page in full when the router is not there', () => {
    window.history.replaceState(null, '', '/docs/ui/');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    createPortal(DEFAULT_BOOTSTRAP).goToLogin();
    expect(assign).toHaveBeenCalledWith('/docs/ui/login');
  });

  it('does nothing on the login page itself', () => {
    window.history.replaceState(null, '', '/docs/ui/login?redirectPath=%2Fdocs%2Fui%2Fx');
    const navigate = vi.fn();
    const portal = createPortal(DEFAULT_BOOTSTRAP);
    portal.setNavigator(navigate);
    portal.goToLogin();
    expect(navigate).not.toHaveBeenCalled();
  });
});
