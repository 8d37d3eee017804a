import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPortal, type PortalOptions } from '../data/portal';
import { browser } from '../portal/browser';
import { readBootstrap } from '../portal/bootstrap';
import { homePageUrl } from '../portal/docsBase';
import { isBareRootPath } from '../shell/Shell';
import { App } from './App';

/**
 * Starts the app in `container`. The bare path "/" belongs to the documentation home page and is
 * redirected there. A failure while starting is only logged (SPEC.md section 8): never thrown.
 * Returns the React root (null when the app did not start).
 */
export function startApp(container: Element | null, options: PortalOptions = {}): Root | null {
  try {
    const bootstrap = readBootstrap();
    document.title = bootstrap.productName;
    if (isBareRootPath()) {
      browser.replace(homePageUrl(window.location, bootstrap.basePath));
      return null;
    }
    // The router's basename ends in a slash; `{basePath}/ui` alone is the same page.
    if (window.location.pathname === `${bootstrap.basePath}/ui`) {
      window.history.replaceState(
        window.history.state,
        '',
        `${bootstrap.basePath}/ui/${window.location.search}${window.location.hash}`,
      );
    }
    if (!container) throw new Error('The page has no element to start the app in.');
    const root = createRoot(container);
    root.render(
      <StrictMode>
        <App portal={createPortal(bootstrap, options)} />
      </StrictMode>,
    );
    return root;
  } catch (error) {
    console.error('The documentation portal could not start.', error);
    return null;
  }
}
