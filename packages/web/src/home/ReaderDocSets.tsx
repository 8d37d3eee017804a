import type { HomeDocSet, HomePopularPage } from '@docs-portal/contracts';
import { DocLink } from '../header/DocLink';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** A release date as readers read it ("Nov 24, 2026"), in a `<time>` element. */
function ReleaseDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
}

/** The doc sets the reader may open, grouped by product, each with its version. */
export function ReaderDocSets({ docSets }: { docSets: HomeDocSet[] }) {
  if (docSets.length === 0) {
    return <p className="home-note">No documentation is published for your account yet.</p>;
  }
  const products = new Map<string, HomeDocSet[]>();
  for (const docSet of docSets) {
    products.set(docSet.product, [...(products.get(docSet.product) ?? []), docSet]);
  }
  return (
    <div className="docset-products">
      {[...products].map(([product, sets]) => (
        <section className="docset-product" key={product} aria-label={product}>
          <h3 className="docset-product-title">{product}</h3>
          <ul className="docset-list">
            {sets.map((docSet) => (
              <li key={docSet.id}>
                <DocLink link={{ title: docSet.title, path: docSet.path }} className="docset-link">
                  <span>{docSet.title}</span>
                </DocLink>
                <span className="docset-version">Version {docSet.version}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The pages readers of the same kind opened most, most first. */
export function MostOpenedPages({ pages }: { pages: HomePopularPage[] }) {
  if (pages.length === 0) {
    return <p className="home-note">Pages readers open from search will show here.</p>;
  }
  return (
    <ol className="activity-list">
      {pages.map((page) => (
        <li key={page.path}>
          <DocLink link={{ title: page.title, path: page.path }} className="activity-link">
            <span>{page.title}</span>
          </DocLink>
          <span className="activity-meta">{page.docSetTitle}</span>
        </li>
      ))}
    </ol>
  );
}

/** The doc sets published most recently, newest first, with their release dates. */
export function RecentlyPublished({ docSets }: { docSets: HomeDocSet[] }) {
  if (docSets.length === 0) return <p className="home-note">Nothing was published yet.</p>;
  return (
    <ul className="activity-list">
      {docSets.map((docSet) => (
        <li key={docSet.id}>
          <DocLink link={{ title: docSet.title, path: docSet.path }} className="activity-link">
            <span>{docSet.title}</span>
          </DocLink>
          <span className="activity-meta">
            {docSet.product} {docSet.version}
            {docSet.publishedAt && (
              <>
                {' · '}
                <ReleaseDate iso={docSet.publishedAt} />
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
