import type { ResourceGroup } from '@docs-portal/contracts';
import { useEffect, useState } from 'react';
import { useEnvironment, usePortal, useUser } from '../data/PortalContext';
import type { ResourceState } from '../data/useResource';
import { ResourceGroupCard } from './ResourceGroupCard';
import { SearchBox } from './SearchBox';
import './home.css';

/** Loads the techdocs resource groups once per visit of the home page. */
function useTechdocs(): ResourceState<ResourceGroup[]> {
  const portal = usePortal();
  const [state, setState] = useState<ResourceState<ResourceGroup[]>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    portal.loadTechdocs().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => {
        console.error('Could not load the technical documentation links.', error);
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [portal]);
  return state;
}

/** The home page: a welcome with the search box, then the techdocs resource groups. */
export function HomePage() {
  const { bootstrap } = usePortal();
  const user = useUser();
  const groups = useTechdocs();
  // The environment config is loaded here too (SPEC.md section 2); the header shares it.
  useEnvironment();
  const firstName = user.status === 'ready' ? user.value.displayName.split(' ')[0] : '';

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title" className="home-title">
          {firstName ? `Welcome, ${firstName}` : bootstrap.productName}
        </h1>
        <p className="home-lead">
          Guides, release notes and references for every {bootstrap.companyName} product.
        </p>
        <SearchBox />
      </section>
      <section className="home-groups" aria-labelledby="techdocs-title">
        <h2 id="techdocs-title" className="home-section-title">
          Technical documentation
        </h2>
        {groups.status === 'loading' && (
          <p role="status" className="home-note">
            Loading documentation links…
          </p>
        )}
        {groups.status === 'error' && (
          <p role="alert" className="home-note home-note-error">
            The documentation links could not be loaded. Please reload the page.
          </p>
        )}
        {groups.status === 'ready' && (
          <ul className="group-grid">
            {groups.value.map((group) => (
              <ResourceGroupCard key={`${group.resourceType}-${group.title}`} group={group} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
