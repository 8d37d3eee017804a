import type { PortalBootstrap } from '@docs-portal/contracts';
import { parseBootstrap } from '../data/responseGuards';

/** Used when the page carries no bootstrap element (tests, `vite` dev server). */
export const DEFAULT_BOOTSTRAP: PortalBootstrap = {
  basePath: '/docs',
  productName: 'Acme Documentation',
  companyName: 'Acme Data',
  supportSiteHost: 'support.acme-data.example',
};

/**
 * Reads the `PortalBootstrap` the server writes into index.html
 * (`<script type="application/json" id="portal-bootstrap">`). Falls back to
 * {@link DEFAULT_BOOTSTRAP} when the element is missing or does not parse.
 */
export function readBootstrap(doc: Document = document): PortalBootstrap {
  const text = doc.getElementById('portal-bootstrap')?.textContent;
  if (!text) return DEFAULT_BOOTSTRAP;
  try {
    const parsed = parseBootstrap(JSON.parse(text));
    if (parsed) return { ...parsed, basePath: parsed.basePath.replace(/\/+$/, '') };
    console.error('The portal bootstrap data is invalid; using defaults.');
  } catch (error) {
    console.error('The portal bootstrap data is not JSON; using defaults.', error);
  }
  return DEFAULT_BOOTSTRAP;
}
