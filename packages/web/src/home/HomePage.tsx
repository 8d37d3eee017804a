import { lazy, Suspense, useCallback } from 'react';
import { useEnvironment, usePortal, useUser } from '../data/PortalContext';
import { LoadProblem } from '../shell/LoadProblem';
import { HomeLoading } from './HomeLoading';
import { ResourceGroupCard } from './ResourceGroupCard';
import { SearchBox } from './SearchBox';
import { useVisitData } from './useVisitData';
import './home.css';

// The lists of GET /home wait for their own call anyway, so their code loads beside it.
const HomeLists = lazy(() =>
  import('./HomeLists').then((module) => ({ default: module.HomeLists })),
);

/**
 * The home page: a welcome with the search box, the techdocs resource groups and the doc sets the
 * reader may open, and beside them the most opened pages and the latest releases. Each part that
 * fails to load says so and offers a retry; the rest of the page stays usable.
 */
export function HomePage() {
  const portal = usePortal();
  const { bootstrap } = portal;
  const user = useUser();
  const groups = useVisitData(
    useCallback(() => portal.loadTechdocs(), [portal]),
    'the technical documentation links',
  );
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
      <div className="home-columns">
        <section className="home-groups" aria-labelledby="techdocs-title">
          <h2 id="techdocs-title" className="home-section-title">
            Technical documentation
          </h2>
          {groups.status === 'loading' && <HomeLoading what="documentation links" />}
          {groups.status === 'error' && (
            <LoadProblem
              className="home-problem"
              message="The documentation links could not be loaded."
              onRetry={groups.retry}
            />
          )}
          {groups.status === 'ready' && (
            <ul className="group-grid">
              {groups.value.map((group) => (
                <ResourceGroupCard key={`${group.resourceType}-${group.title}`} group={group} />
              ))}
            </ul>
          )}
        </section>
        <Suspense
          fallback={
            <div className="home-docsets">
              <HomeLoading what="your documentation" />
            </div>
          }
        >
          <HomeLists />
        </Suspense>
      </div>
    </div>
  );
}
