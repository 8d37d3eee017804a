import { useEnvironment, usePortal, useUser } from '../data/PortalContext';
import { iconUrl } from '../icons/iconRegistry';
import { homePageUrl } from '../portal/docsBase';
import { LinkPanel } from './LinkPanel';
import './header.css';

/** The shell header: logo and site name, the reader's name and Logout, the product link panel. */
export function Header() {
  const { bootstrap } = usePortal();
  const user = useUser();
  const environment = useEnvironment();
  const linkPanel = environment.status === 'ready' ? (environment.value?.linkPanel ?? []) : [];
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
            <a className="header-logout" href={`${bootstrap.basePath}/logout`}>
              Logout
            </a>
          </div>
        )}
      </div>
      {linkPanel.length > 0 && <LinkPanel tabs={linkPanel} />}
    </header>
  );
}
