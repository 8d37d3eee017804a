import type { ReactNode } from 'react';
import { useUser } from '../data/PortalContext';
import { Spinner } from '../login/Spinner';

/** A centred spinner with a spoken "Loading…", for pages that are not ready yet. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Spinner diameter={32} />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

/**
 * The shell's route guard (SPEC.md section 6): waits for the user fetch to finish, then always
 * lets the reader in. A 401 has already sent them to the login page by then.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useUser();
  if (user.status === 'loading') return <PageLoading />;
  return children;
}
