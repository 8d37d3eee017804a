// The synthetic Flare corpus the search benches share: one folder per page count under the system's
// temporary folder, generated once (seed 1) and reused by every bench that asks for that size, and
// the doc set the benches index it as.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocSetDescriptor } from '@docs-portal/search';
import { generateSyntheticDocSet } from './generateSyntheticDocSet';

/** Folder of the shared synthetic corpus of `pages` pages (which may not exist yet). */
export function syntheticCorpusFolder(pages: number): string {
  return join(tmpdir(), `docs-portal-synthetic-${pages}`);
}

/** True when the folder holds a whole corpus: generation writes the TOC last. */
export function syntheticCorpusReady(folder: string): boolean {
  return existsSync(join(folder, 'Data', 'Tocs', 'Toc.js'));
}

/** The shared synthetic corpus of `pages` pages, generated first when missing or incomplete. */
export async function syntheticCorpus(pages: number): Promise<string> {
  const folder = syntheticCorpusFolder(pages);
  if (!syntheticCorpusReady(folder))
    await generateSyntheticDocSet({ outDir: folder, pages, seed: 1 });
  return folder;
}

/** What the benches call the synthetic doc set, in the engine and in a portal's config. */
const SYNTHETIC = {
  id: 'synthetic',
  title: 'Synthetic guide',
  product: 'Acme Data Platform',
  version: '7.0',
  docType: 'User Guide',
} as const;

/** The synthetic corpus in `folder` as the search engine indexes it. */
export function syntheticDescriptor(folder: string): DocSetDescriptor {
  return { ...SYNTHETIC, urlPrefix: '/docs/synthetic', folder };
}

/** The synthetic corpus in `folder` as a doc set of a portal's configuration. */
export function syntheticDocSetConfig(folder: string) {
  return { ...SYNTHETIC, mount: 'synthetic', folder, defaultPage: 'Default.htm' };
}
