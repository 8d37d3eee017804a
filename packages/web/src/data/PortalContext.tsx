import { createContext, useContext, type ReactNode } from 'react';
import type { Environment, User } from '@docs-portal/contracts';
import type { Portal } from './portal';
import { useResource, type ResourceState } from './useResource';

const PortalContext = createContext<Portal | null>(null);

/** Makes the app's services available to every component below. */
export function PortalProvider({ portal, children }: { portal: Portal; children: ReactNode }) {
  return <PortalContext.Provider value={portal}>{children}</PortalContext.Provider>;
}

/** The app's services; only valid below {@link PortalProvider}. */
export function usePortal(): Portal {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal() needs a <PortalProvider> above it.');
  return portal;
}

/** The signed-in reader, shared by every consumer. */
export function useUser(): ResourceState<User> {
  return useResource(usePortal().user);
}

/** The environment config (`null` when it could not be loaded), shared by every consumer. */
export function useEnvironment(): ResourceState<Environment | null> {
  return useResource(usePortal().environment);
}
