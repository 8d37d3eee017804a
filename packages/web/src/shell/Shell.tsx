import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { usePortal } from '../data/PortalContext';
import { Header } from '../header/Header';
import { browser } from '../portal/browser';
import { homePageUrl } from '../portal/docsBase';
import { Footer } from './Footer';
import './shell.css';

/** True when the browser shows the bare path "/", which belongs to the documentation home page. */
export function isBareRootPath(): boolean {
  return window.location.pathname === '/';
}

/** Header, content outlet and footer. At the bare path "/" it redirects to the docs home page. */
export function Shell() {
  const { bootstrap } = usePortal();
  const bare = isBareRootPath();
  useEffect(() => {
    if (bare) browser.replace(homePageUrl(window.location, bootstrap.basePath));
  }, [bare, bootstrap.basePath]);
  if (bare) return null;
  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <main id="main-content" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
