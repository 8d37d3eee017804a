function isEditable(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** True for the keys that open search: `/` outside a text field, Ctrl-K or Cmd-K anywhere. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
    return true;
  }
  return (
    event.key === '/' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    // The real target, also inside a shadow root (the doc-page bar's own fields).
    !isEditable(event.composedPath()[0])
  );
}

/**
 * Calls `open` on the search shortcuts anywhere in `win` (listening first, in the capture phase,
 * so that a doc page's own `/` handler does not also run). Returns a function that stops.
 */
export function listenForSearchShortcuts(win: Window, open: () => void): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isSearchShortcut(event)) return;
    event.preventDefault();
    event.stopPropagation();
    open();
  };
  win.addEventListener('keydown', onKeyDown, true);
  return () => win.removeEventListener('keydown', onKeyDown, true);
}
