import type { PageRecord } from '../core/analysePage';
import type { DocSetDescriptor } from '../SearchEngine';

/** The doc set the replica and kill tests write. */
export const TEST_DOC_SET: DocSetDescriptor = {
  id: 'atomic',
  title: 'Atomic',
  product: 'Atomic',
  version: '1',
  docType: 'Guide',
  urlPrefix: '/docs/atomic',
  folder: '/nonexistent',
};

/** `count` pages of one edition; each holds the marker word `<edition>word<n>`. */
export function editionPages(edition: string, count: number): PageRecord[] {
  return Array.from({ length: count }, (_, n) => ({
    path: `/Content/Page${n}.htm`,
    title: `Page ${n}`,
    breadcrumb: ['Atomic'],
    hash: `${edition}-${n}`,
    sections: [
      { heading: '', anchor: '', text: `Edition ${edition} text, marker ${edition}word${n}.` },
      { heading: 'Details', anchor: 'details', text: `More ${edition} details for page ${n}.` },
    ],
  }));
}
