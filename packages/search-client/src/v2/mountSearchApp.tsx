import { connectToPortal, type PortalConnection } from '@docs-portal/contracts/frame';
import { createRoot } from 'react-dom/client';
import { SearchApp } from './SearchApp';
import '@docs-portal/contracts/theme/tokens.css';
import './searchApp.css';

/** What {@link mountSearchApp} needs from outside (tests pass stand-ins). */
export interface MountOptions {
  /** The sandbox page (scores, timings, raw JSON). */
  sandbox?: boolean;
  /** Connects to the portal (default {@link connectToPortal}). */
  connect?: () => Promise<PortalConnection>;
  /** The fetch to call the APIs with (default the global one). */
  fetch?: typeof fetch;
}

/** Connects to the portal, then renders the newer client into `root`. */
export async function mountSearchApp(root: HTMLElement, options: MountOptions = {}): Promise<void> {
  let connection: PortalConnection;
  try {
    connection = await (options.connect ?? connectToPortal)();
  } catch {
    const message = document.createElement('p');
    message.className = 'sc-status sc-status-error';
    message.setAttribute('role', 'alert');
    message.textContent = 'Search could not start: open it from the portal’s search page.';
    root.replaceChildren(message);
    return;
  }
  createRoot(root).render(
    <SearchApp connection={connection} fetch={options.fetch} sandbox={options.sandbox} />,
  );
}
