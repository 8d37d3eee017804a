import { useCallback } from 'react';
import { usePortal } from '../data/PortalContext';
import { LoadProblem } from '../shell/LoadProblem';
import { parseHome } from './parseHome';
import { MostOpenedPages, ReaderDocSets, RecentlyPublished } from './ReaderDocSets';
import { HomeLoading } from './HomeLoading';
import { useVisitData } from './useVisitData';

/**
 * The home page lists from `GET {basePath}/home`: the reader's doc sets (beside the techdocs
 * groups) and, in the side column, the most opened pages and the latest releases. Loaded apart
 * from the first page load, as its data comes from its own call anyway.
 */
export function HomeLists() {
  const portal = usePortal();
  const home = useVisitData(
    useCallback(() => portal.api.getJson('/home', parseHome), [portal]),
    'the home page lists',
  );
  const unavailable = home.status === 'error' && (
    <p className="home-note">Not available right now.</p>
  );
  return (
    <>
      <section className="home-section home-docsets" aria-labelledby="docsets-title">
        <h2 id="docsets-title" className="home-section-title">
          Your documentation
        </h2>
        {home.status === 'loading' && <HomeLoading what="your documentation" />}
        {home.status === 'error' && (
          <LoadProblem
            className="home-problem"
            message="This list could not be loaded."
            onRetry={home.retry}
          />
        )}
        {home.status === 'ready' && <ReaderDocSets docSets={home.value.docSets} />}
      </section>
      <div className="home-aside">
        <section className="home-panel" aria-labelledby="popular-title">
          <h2 id="popular-title" className="home-panel-title">
            Most opened this month
          </h2>
          {home.status === 'ready' && <MostOpenedPages pages={home.value.mostOpened} />}
          {unavailable}
        </section>
        <section className="home-panel" aria-labelledby="recent-title">
          <h2 id="recent-title" className="home-panel-title">
            Recently published
          </h2>
          {home.status === 'ready' && <RecentlyPublished docSets={home.value.recentlyPublished} />}
          {unavailable}
        </section>
      </div>
    </>
  );
}
