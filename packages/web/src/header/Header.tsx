import { useEnvironment, usePortal, useUser } from '../data/PortalContext';
import { iconUrl } from '../icons/iconRegistry';
import { homePageUrl } from '../portal/docsBase';
import { LoadProblem } from '../shell/LoadProblem';
import { LinkPanel } from './LinkPanel';
import './header.css';

/**
 * The shell header: logo and site name, the reader's name, Analytics (only for readers the server
 * says may see it) and Logout, the product link panel.
 * When the user or the environment could not be loaded, it says which and offers a retry.
 */
export function Header() {
  const portal = usePortal();
  const { bootstrap } = portal;
  const user = useUser();
  const environment = useEnvironment();
  const linkPanel = environment.status === 'ready' ? (environment.value?.linkPanel ?? []) : [];
  // The shared environment delivers null when its fetch failed (SPEC.md section 4).
  const environmentFailed = environment.status === 'ready' && environment.value === null;
  return (
    <header className="site-header">
      <div className="header-bar">
        <a
          className="header-brand"
          href={homePageUrl(window.location, bootstrap.basePath)}
          title="Documentation home"
        >
          <img src={iconUrl(bootstrap.basePath, 'logo')} alt="" width="32" height="32" />
          <span>{bootstrap.productName}</span>
        </a>
        {user.status === 'ready' && (
          <div className="header-user">
            <span className="header-user-name">{user.value.displayName}</span>
            {user.value.canSeeAnalytics && (
              <a className="header-logout" href={`${bootstrap.basePath}/analytics`}>
                Analytics
              </a>
            )}
            <a className="header-logout" href={`${bootstrap.basePath}/logout`}>
              Logout
            </a>
          </div>
        )}
        {user.status === 'error' && (
          <LoadProblem
            className="header-problem"
            message="Your account details could not be loaded."
            onRetry={() => portal.user.reload()}
          />
        )}
      </div>
      {linkPanel.length > 0 && <LinkPanel tabs={linkPanel} />}
      {environmentFailed && (
        <div className="link-panel-problem">
          <LoadProblem
            message="The product links could not be loaded."
            onRetry={() => portal.environment.reload()}
          />
        </div>
      )}
    </header>
  );
}
