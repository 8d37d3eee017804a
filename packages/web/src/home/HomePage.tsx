import { useCallback } from 'react';
import { useEnvironment, usePortal, useUser } from '../data/PortalContext';
import { LoadProblem } from '../shell/LoadProblem';
import { MostOpenedPages, ReaderDocSets, RecentlyPublished } from './ReaderDocSets';
import { ResourceGroupCard } from './ResourceGroupCard';
import { SearchBox } from './SearchBox';
import { useVisitData } from './useVisitData';
import './home.css';

/** A line saying a part of the page is on its way, spoken once. */
function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="home-note">
      Loading {what}…
    </p>
  );
}

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
  const home = useVisitData(
    useCallback(() => portal.loadHome(), [portal]),
    'the home page lists',
  );
  // The environment config is loaded here too (SPEC.md section 2); the header shares it.
  useEnvironment();
  const firstName = user.status === 'ready' ? user.value.displayName.split(' ')[0] : '';
  const homeProblem = home.status === 'error' && (
    <LoadProblem
      className="home-problem"
      message="This list could not be loaded."
      onRetry={home.retry}
    />
  );
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
        <div className="home-primary">
          <section className="home-groups" aria-labelledby="techdocs-title">
            <h2 id="techdocs-title" className="home-section-title">
              Technical documentation
            </h2>
            {groups.status === 'loading' && <Loading what="documentation links" />}
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
          <section className="home-section" aria-labelledby="docsets-title">
            <h2 id="docsets-title" className="home-section-title">
              Your documentation
            </h2>
            {home.status === 'loading' && <Loading what="your documentation" />}
            {homeProblem}
            {home.status === 'ready' && <ReaderDocSets docSets={home.value.docSets} />}
          </section>
        </div>
        <div className="home-aside">
          <section className="home-panel" aria-labelledby="popular-title">
            <h2 id="popular-title" className="home-panel-title">
              Most opened this month
            </h2>
            {home.status === 'ready' && <MostOpenedPages pages={home.value.mostOpened} />}
            {home.status === 'error' && <p className="home-note">Not available right now.</p>}
          </section>
          <section className="home-panel" aria-labelledby="recent-title">
            <h2 id="recent-title" className="home-panel-title">
              Recently published
            </h2>
            {home.status === 'ready' && (
              <RecentlyPublished docSets={home.value.recentlyPublished} />
            )}
            {home.status === 'error' && <p className="home-note">Not available right now.</p>}
          </section>
        </div>
      </div>
    </div>
  );
}
