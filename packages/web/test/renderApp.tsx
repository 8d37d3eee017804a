import type { PortalBootstrap } from '@docs-portal/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { App } from '../src/app/App';
import { createPortal, type Portal } from '../src/data/portal';
import { PortalProvider } from '../src/data/PortalContext';
import { DEFAULT_BOOTSTRAP } from '../src/portal/bootstrap';
import { stubServer, type Handler, portalHandlers } from './fakeServer';

/** Renders the whole app (real browser router) at `url` against a fake server. */
export function renderApp(
  url: string,
  handlers: Record<string, Handler> = portalHandlers(),
  bootstrap: PortalBootstrap = DEFAULT_BOOTSTRAP,
) {
  window.history.replaceState(null, '', url);
  const fetchMock = stubServer(handlers);
  const portal = createPortal(bootstrap);
  const view = render(<App portal={portal} />);
  return { ...view, fetchMock, portal };
}

/** Renders `ui` with the portal services and an in-memory router at `route`. */
export function renderWithPortal(
  ui: ReactNode,
  {
    route = '/',
    handlers = portalHandlers(),
    bootstrap = DEFAULT_BOOTSTRAP,
  }: { route?: string; handlers?: Record<string, Handler>; bootstrap?: PortalBootstrap } = {},
) {
  const fetchMock = stubServer(handlers);
  const portal: Portal = createPortal(bootstrap);
  const view = render(
    <PortalProvider portal={portal}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </PortalProvider>,
  );
  return { ...view, fetchMock, portal };
}
