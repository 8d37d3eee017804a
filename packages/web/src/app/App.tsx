import { BrowserRouter } from 'react-router';
import { PortalProvider } from '../data/PortalContext';
import type { Portal } from '../data/portal';
import { AppRoutes } from './AppRoutes';
import { SearchOverlayShortcuts } from '../overlay/SearchOverlayShortcuts';

/**
 * The whole app for one portal: services, router and routes. The basename keeps its final slash
 * (`{basePath}/ui/`), so the app root stays `/docs/ui/` as the server and the 401 rule write it.
 */
export function App({ portal }: { portal: Portal }) {
  return (
    <PortalProvider portal={portal}>
      <SearchOverlayShortcuts />
      <BrowserRouter basename={`${portal.bootstrap.basePath}/ui/`}>
        <AppRoutes />
      </BrowserRouter>
    </PortalProvider>
  );
}
