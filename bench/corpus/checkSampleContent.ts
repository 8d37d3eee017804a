import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkDocSet } from './checkDocSet';

export { checkDocSet } from './checkDocSet';
export type { CheckDocSetOptions, DocSetReport } from './checkDocSet';

/** One sample doc set under `content/sample/` and the metadata the portal config should give it. */
export interface SampleDocSet {
  /** Folder under `content/sample/`. */
  folder: string;
  /** Mount path under the portal's docs base (`/docs`), without slashes at either end. */
  mount: string;
  /** Product facet value. */
  product: string;
  /** Version facet value. */
  version: string;
  /** Document type facet value. */
  docType: string;
  /** Reader kinds allowed to open (and find) the set. */
  audience: readonly ('customer' | 'partner' | 'employee')[];
}

const EVERYONE = ['customer', 'partner', 'employee'] as const;

/** The sample doc sets, their mounts and suggested metadata (also described in the README). */
export const SAMPLE_DOC_SETS: readonly SampleDocSet[] = [
  {
    folder: 'HomePage',
    mount: 'HomePage',
    product: 'Portal',
    version: 'current',
    docType: 'Overview',
    audience: EVERYONE,
  },
  {
    folder: 'UserGuide-6.5',
    mount: '6_5/Web/UserGuide',
    product: 'Data Platform',
    version: '6.5',
    docType: 'User Guide',
    audience: EVERYONE,
  },
  {
    folder: 'UserGuide-6.4',
    mount: '6_4/Web/UserGuide',
    product: 'Data Platform',
    version: '6.4',
    docType: 'User Guide',
    audience: EVERYONE,
  },
  {
    folder: 'WebHelios',
    mount: 'WebHelios',
    product: 'Helios',
    version: 'current',
    docType: 'User Guide',
    audience: EVERYONE,
  },
  {
    folder: 'TechGuides',
    mount: 'Content/TechGuides',
    product: 'Data Platform',
    version: '6.5',
    docType: 'Technical Guide',
    audience: EVERYONE,
  },
  {
    folder: 'SupportRunbooks',
    mount: 'Internal/SupportRunbooks',
    product: 'Data Platform',
    version: '6.5',
    docType: 'Runbook',
    audience: ['employee'],
  },
];

/**
 * Words and phrases that occur only in the employee-only runbooks; tests can search for them as a
 * customer and expect nothing. The checker verifies they occur in the runbooks and nowhere else.
 */
export const EMPLOYEE_ONLY_TERMS: readonly string[] = [
  'escalation matrix',
  'hotfix',
  'swarm bridge',
  'logbundle',
  'sustaining engineering',
];

/** The docs base the sample home page links under. */
const DOCS_BASE = '/docs/';

/** Maps `/docs/<mount>/<rest>` to the file of the sample set mounted there. */
export function resolveSampleLink(sampleRoot: string, hrefPath: string): string | undefined {
  if (!hrefPath.startsWith(DOCS_BASE)) return undefined;
  const rest = hrefPath.slice(DOCS_BASE.length);
  const set = [...SAMPLE_DOC_SETS]
    .sort((a, b) => b.mount.length - a.mount.length)
    .find((candidate) => rest.startsWith(`${candidate.mount}/`));
  return set ? join(sampleRoot, set.folder, rest.slice(set.mount.length + 1)) : undefined;
}

async function textOfSet(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const pages = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.htm'));
  const texts = await Promise.all(
    pages.map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
  );
  return texts
    .join('\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/**
 * Checks every sample doc set (structure, TOC, links, anchors, 150-600 words per topic), the
 * cross-set links of the home page, at least 60 topics in all, and that the employee-only terms
 * stay inside the runbooks.
 */
export async function checkSampleContent(
  sampleRoot: string,
): Promise<{ topics: number; problems: string[] }> {
  const problems: string[] = [];
  let topics = 0;
  for (const set of SAMPLE_DOC_SETS) {
    const report = await checkDocSet(join(sampleRoot, set.folder), {
      resolveAbsolute: (href) => resolveSampleLink(sampleRoot, href),
      wordRange: [150, 600],
    });
    topics += report.topics;
    problems.push(...report.problems.map((problem) => `${set.folder}/${problem}`));
    const text = await textOfSet(join(sampleRoot, set.folder));
    const employeeOnly = set.audience.length === 1 && set.audience[0] === 'employee';
    for (const term of EMPLOYEE_ONLY_TERMS) {
      if (employeeOnly && !text.includes(term)) problems.push(`${set.folder}: lacks "${term}"`);
      if (!employeeOnly && text.includes(term)) {
        problems.push(`${set.folder}: contains employee-only term "${term}"`);
      }
    }
  }
  if (topics < 60) problems.push(`only ${topics} topics in all (want at least 60)`);
  return { topics, problems };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (invokedDirectly) {
  // `--set DIR` checks any one doc set (e.g. a generated one); otherwise the sample root
  // (default content/sample) is checked as a whole.
  const here = fileURLToPath(new URL('.', import.meta.url));
  const [first, second] = process.argv.slice(2);
  const { topics, problems } =
    first === '--set' && second
      ? await checkDocSet(resolve(second))
      : await checkSampleContent(resolve(first ?? join(here, '..', '..', 'content', 'sample')));
  for (const problem of problems) console.error(problem);
  console.log(`${topics} topics checked, ${problems.length} problems`);
  process.exitCode = problems.length ? 1 : 0;
}
