// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClientWindow,
  createFramedClient,
  createHost,
  deliverToPortal,
  ORIGIN,
  settle,
} from '../../test/frameWindows';
import { HOSTILE_PORTAL_PATHS, SAFE_PORTAL_PATHS } from '../testing';
import { exposeSearchHost } from './exposeSearchHost';

describe('exposeSearchHost', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('ignores messages from a foreign origin, from other windows and malformed ones', () => {
    const host = createHost();
    const { client, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    const report = { type: 'docs-portal:http-error', status: 401, url: '/docs/user' };

    deliverToPortal(report, 'https://evil.example', client);
    deliverToPortal(report, ORIGIN, window);
    deliverToPortal(report, ORIGIN, createClientWindow());
    deliverToPortal({ ...report, status: 'x' }, ORIGIN, client);
    deliverToPortal({ ...report, status: 700 }, ORIGIN, client);
    deliverToPortal({ ...report, extra: true }, ORIGIN, client);
    deliverToPortal({ ...report, url: '/'.repeat(4001) }, ORIGIN, client);
    deliverToPortal(JSON.stringify(report), ORIGIN, client);
    deliverToPortal({ type: 'docs-portal:hello', extra: 1 }, ORIGIN, client);
    deliverToPortal({ type: 'docs-portal:hello' }, 'https://evil.example', client);
    expect(host.onHttpError).not.toHaveBeenCalled();
    expect(client.postMessage).not.toHaveBeenCalled();

    deliverToPortal(report, ORIGIN, client);
    expect(host.onHttpError).toHaveBeenCalledTimes(1);
  });

  it('ignores state reports with bad filters, an unknown history mode or extra keys', () => {
    const host = createHost();
    const { client, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    const state = { type: 'docs-portal:state', searchString: 'vm' };

    deliverToPortal({ ...state, filters: { searchString: ['x'] } }, ORIGIN, client);
    deliverToPortal({ ...state, filters: { product: ['x'.repeat(201)] } }, ORIGIN, client);
    deliverToPortal({ ...state, filters: { '1product': ['x'] } }, ORIGIN, client);
    deliverToPortal({ ...state, history: 'forget' }, ORIGIN, client);
    deliverToPortal({ ...state, extra: true }, ORIGIN, client);
    deliverToPortal({ ...state, searchString: 'x'.repeat(4001) }, ORIGIN, client);
    expect(host.onStateChange).not.toHaveBeenCalled();

    deliverToPortal(state, ORIGIN, client);
    expect(host.onStateChange).toHaveBeenCalledWith({
      searchString: 'vm',
      filters: {},
      history: 'push',
    });
  });

  it('sends the init message only to its own origin', () => {
    const { client, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, createHost());
    deliverToPortal({ type: 'docs-portal:hello' }, ORIGIN, client);
    expect(client.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'docs-portal:init' }),
      ORIGIN,
    );
    expect(client.postMessage).toHaveBeenCalledTimes(1);
  });

  it('sends the init message again each time the frame loads', () => {
    const { client, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, createHost({ searchString: 'again' }));
    iframe.dispatchEvent(new Event('load'));
    expect(client.postMessage).toHaveBeenCalledWith(
      {
        type: 'docs-portal:init',
        searchUrl: '/docs/search',
        searchString: 'again',
        filters: { product: ['Helios'] },
      },
      ORIGIN,
    );
  });

  it.each(HOSTILE_PORTAL_PATHS)('refuses navigation to $trick: $value', ({ value }) => {
    const host = createHost();
    const { client, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    deliverToPortal({ type: 'docs-portal:navigate', url: value }, ORIGIN, client);
    expect(host.onNavigate).not.toHaveBeenCalled();
  });

  it.each(SAFE_PORTAL_PATHS)('follows navigation to $value', ({ value, path }) => {
    const host = createHost();
    const { client, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    deliverToPortal({ type: 'docs-portal:navigate', url: value }, ORIGIN, client);
    expect(host.onNavigate).toHaveBeenCalledWith(path);
  });

  it('stops listening once the returned function is called', async () => {
    const host = createHost();
    const { client, iframe } = createFramedClient();
    exposeSearchHost(iframe, host)();
    client.parent.postMessage(
      { type: 'docs-portal:http-error', status: 401, url: '/docs/user' },
      ORIGIN,
    );
    iframe.dispatchEvent(new Event('load'));
    await settle();
    expect(host.onHttpError).not.toHaveBeenCalled();
    expect(client.postMessage).not.toHaveBeenCalled();
  });
});
