import type {
  Environment,
  PortalBootstrap,
  ResourceGroup,
  User,
} from '@docs-portal/contracts';
import { createApiClient, type ApiClient } from '../http/apiClient';
import { isOnLoginRoute, loginRouteFor, type RouteNavigator } from '../http/loginRedirect';
import { browser } from '../portal/browser';
import { parseEnvironment, parseResourceGroups, parseUser } from './responseGuards';
import { createSharedResource, type SharedResource } from './sharedResource';

/** The app's services: configuration, HTTP client and shared data. One per page load. */
export interface Portal {
  /** What the server told the page (base path, brand, support-site host). */
  bootstrap: PortalBootstrap;
  /** The HTTP client (XSRF header, 401 rule). */
  api: ApiClient;
  /** The signed-in reader, fetched once; a failure reaches consumers and the next load retries. */
  user: SharedResource<User>;
  /** The environment config, fetched once; a failure is logged and delivers `null`. */
  environment: SharedResource<Environment | null>;
  /** Fetches the techdocs resource groups (not cached: the home page asks once per visit). */
  loadTechdocs(): Promise<ResourceGroup[]>;
  /** The 401 rule: sends the reader to the login route, with redirectPath back to this page. */
  goToLogin(): void;
  /** Lets the router handle {@link Portal.goToLogin} in-app (null: full-page navigation). */
  setNavigator(navigator: RouteNavigator | null): void;
}

/** Options of {@link createPortal}. */
export interface PortalOptions {
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/** Creates the app's services for `bootstrap`. */
export function createPortal(bootstrap: PortalBootstrap, options: PortalOptions = {}): Portal {
  let navigator: RouteNavigator | null = null;
  const goToLogin = () => {
    if (isOnLoginRoute(window.location, bootstrap.basePath)) return;
    const route = loginRouteFor(window.location);
    if (navigator) navigator(route);
    else browser.assign(`${bootstrap.basePath}/ui${route}`);
  };
  const api = createApiClient({
    basePath: bootstrap.basePath,
    onUnauthorized: goToLogin,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    bootstrap,
    api,
    user: createSharedResource(() => api.getJson('/user', parseUser)),
    environment: createSharedResource(() =>
      api.getJson('/environment', parseEnvironment).catch((error: unknown) => {
        console.error('Could not load the environment configuration.', error);
        return null;
      }),
    ),
    loadTechdocs: () => api.getJson('/techdocs/links', parseResourceGroups),
    goToLogin,
    setNavigator(next) {
      navigator = next;
    },
  };
}
