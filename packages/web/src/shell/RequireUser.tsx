import { useRef, type ReactNode } from 'react';
import { useUser } from '../data/PortalContext';
import { HttpError } from '../http/apiClient';
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
 * The shell's route guard (SPEC.md section 6): waits for the user fetch to finish, then lets the
 * reader in, also when it failed (the header says so and offers a retry). A 401 is the exception:
 * the reader is on the way to the login page, so the shell is not mounted to fire more calls.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useUser();
  // Once in, a retry of the user fetch (status loading again) must not unmount the page.
  const admitted = useRef(false);
  if (user.status === 'loading' && !admitted.current) return <PageLoading />;
  if (user.status === 'error' && user.error instanceof HttpError && user.error.status === 401)
    return <PageLoading />;
  admitted.current = true;
  return children;
}
