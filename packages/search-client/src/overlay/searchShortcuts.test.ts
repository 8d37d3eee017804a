import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForSearchShortcuts } from './searchShortcuts';

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

function press(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

describe('listenForSearchShortcuts', () => {
  it('opens on / outside text fields and on Ctrl-K or Cmd-K anywhere', () => {
    const open = vi.fn();
    stop = listenForSearchShortcuts(window, open);
    document.body.innerHTML = '<button>x</button><input />';
    const input = document.querySelector('input') as HTMLInputElement;
    expect(press(document.querySelector('button') as Element, { key: '/' }).defaultPrevented).toBe(
      true,
    );
    press(input, { key: '/' });
    expect(open).toHaveBeenCalledTimes(1);
    press(input, { key: 'k', ctrlKey: true });
    press(document.body, { key: 'K', metaKey: true });
    press(document.body, { key: 'k' });
    expect(open).toHaveBeenCalledTimes(3);
  });

  it('keeps the page’s own handlers from also acting on the shortcut', () => {
    const own = vi.fn();
    document.addEventListener('keydown', own);
    stop = listenForSearchShortcuts(window, vi.fn());
    press(document.body, { key: '/' });
    press(document.body, { key: 'a' });
    expect(own).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', own);
  });
});
