import type { PortalConnection } from '@docs-portal/contracts/frame';

/**
 * Reports the height of `content` (the client's whole page) to the portal now and whenever it
 * changes, so the portal sizes the frame to it and the reader has one scroll surface, not a
 * scrolling box inside a scrolling page. Does nothing when the client is not framed. Returns a
 * function that stops reporting.
 */
export function followContentHeight(
  connection: Pick<PortalConnection, 'reportSize'>,
  content: HTMLElement,
): () => void {
  const report = connection.reportSize;
  if (!report || typeof ResizeObserver === 'undefined') return () => undefined;
  let last = -1;
  const send = () => {
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    report(height);
  };
  const observer = new ResizeObserver(send);
  observer.observe(content);
  send();
  return () => observer.disconnect();
}

/**
 * Brings `element` into view: through the portal when framed (the frame is as tall as its content,
 * so only the portal's window can scroll, and only the portal knows its fixed footer), else by
 * scrolling the client's own window.
 */
export function revealElement(
  connection: Pick<PortalConnection, 'reveal'>,
  element: Element,
  block: 'nearest' | 'start' = 'nearest',
): void {
  if (connection.reveal) {
    const rect = element.getBoundingClientRect();
    const top = Math.max(0, rect.top + window.scrollY);
    connection.reveal(top, block === 'start' ? top : top + rect.height);
  } else {
    element.scrollIntoView?.({ block });
  }
}
