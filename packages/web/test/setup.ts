// Runs before every web test file: a clean page, URL, cookies, mocks and icon cache per test.
import workerConsole from 'node:console';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearIconCache } from '../src/icons/iconLoader';

// happy-dom answers '' from Node.prototype's nodeName getter and defines the real one on the
// subclasses, while DOMPurify reads the base getter (as it may in browsers, where the base one
// is the real one). Make the base getter defer to the subclass, so sanitising works as in browsers.
const baseNodeName = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName')?.get;
Object.defineProperty(Node.prototype, 'nodeName', {
  configurable: true,
  get(this: Node) {
    for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype;) {
      const getter = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
      if (getter) return getter.call(this);
      proto = Object.getPrototypeOf(proto);
    }
    return baseNodeName?.call(this) ?? '';
  },
});

// The app's iframe points at the search client, which happy-dom is set not to load; it reports
// each such frame on the worker's own console (not the test's). Only that message is dropped.
const workerConsoleError = workerConsole.error.bind(workerConsole);
workerConsole.error = (...args: unknown[]) => {
  if (args.some((arg) => String(arg).includes('Iframe page loading is disabled'))) return;
  workerConsoleError(...args);
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearIconCache();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.getElementById('portal-bootstrap')?.remove();
  window.history.replaceState(null, '', '/docs/ui/');
});
