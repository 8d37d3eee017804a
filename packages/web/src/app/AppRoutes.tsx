import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { usePortal } from '../data/PortalContext';
import { HomePage } from '../home/HomePage';
import { PageTitle } from './PageTitle';
import { PageLoading, RequireUser } from '../shell/RequireUser';
import { Shell } from '../shell/Shell';

// The sign-in page is not part of the shell: a signed-in reader never loads it.
const LoginPage = lazy(() =>
  import('../login/LoginPage').then((module) => ({ default: module.LoginPage })),
);

// The search page (and the frame contract with its zod schemas) loads when first opened.
const SearchPage = lazy(() =>
  import('../search/SearchPage').then((module) => ({ default: module.SearchPage })),
);

// The relevance workbench (employees only; the server answers 404 to anyone else).
const RelevancePage = lazy(() =>
  import('../relevance/RelevancePage').then((module) => ({ default: module.RelevancePage })),
);

/** Hands the router's navigate to the portal, so the 401 rule moves in-app instead of reloading. */
function LoginNavigator() {
  const portal = usePortal();
  const navigate = useNavigate();
  useEffect(() => {
    portal.setNavigator((to) => void navigate(to));
    return () => portal.setNavigator(null);
  }, [portal, navigate]);
  return null;
}

/** The routes of SPEC.md section 2, below the router basename `{basePath}/ui`. */
export function AppRoutes() {
  return (
    <>
      <LoginNavigator />
      <PageTitle />
      <Routes>
        <Route
          path="login"
          element={
            <Suspense fallback={null}>
              <LoginPage />
            </Suspense>
          }
        />
        <Route
          element={
            <RequireUser>
              <Shell />
            </RequireUser>
          }
        >
          <Route index element={<HomePage />} />
          <Route
            path="search/:searchString?"
            element={
              <Suspense fallback={<PageLoading />}>
                <SearchPage />
              </Suspense>
            }
          />
          <Route
            path="relevance"
            element={
              <Suspense fallback={<PageLoading />}>
                <RelevancePage />
              </Suspense>
            }
          />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </>
  );
}
