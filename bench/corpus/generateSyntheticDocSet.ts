import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { FLARE_SKIN_CSS } from './flareSkin';
import { renderFlareToc, type TocNode } from './flareToc';
import { renderFlareDefaultPage, renderFlareTopicPage, type FlareNavLink } from './flareTopicPage';
import { createSeededRandom, type SeededRandom } from './seededRandom';
import { generateTitle, pascalCase, titleCase } from './syntheticText';
import { planHeadings, renderSyntheticTopicBody, type TopicPlan } from './syntheticTopic';
import { NOUNS, QUALIFIERS } from './syntheticVocabulary';

/** Options of `generateSyntheticDocSet`. */
export interface SyntheticDocSetOptions {
  /** Folder to write the doc set into: missing, empty, or a previous doc set (it is replaced). */
  outDir: string;
  /** Number of topic pages to generate. */
  pages: number;
  /** Seed of the deterministic generator (default 1): the same seed gives the same bytes. */
  seed?: number;
  /** Product name shown in the title bar and used in prose (default "Acme Data Platform"). */
  product?: string;
}

/** What was written. */
export interface SyntheticDocSetResult {
  /** Topic pages written. */
  pages: number;
  /** Total bytes of all files written (topics, TOC, skin, images, entry page). */
  bytes: number;
}

const TOPICS_PER_FOLDER = 100;
const TOPICS_PER_GROUP = 10;
const TOC_CHUNK_SIZE = 500;
const WRITE_BATCH = 64;

const DIAGRAM_SVG = (label: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120" role="img"><title>${label}</title><rect x="10" y="30" width="140" height="60" rx="8" fill="#dbe9ff" stroke="#2b3640"/><rect x="330" y="30" width="140" height="60" rx="8" fill="#d9f2e6" stroke="#2b3640"/><line x1="150" y1="60" x2="330" y2="60" stroke="#4a5560" stroke-width="2"/><text x="240" y="50" font-family="sans-serif" font-size="13" text-anchor="middle">${label}</text></svg>\n`;

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="32" viewBox="0 0 160 32" role="img"><title>Acme Data</title><rect x="1" y="1" width="30" height="30" rx="6" fill="#fff"/><text x="40" y="22" font-family="sans-serif" font-size="17" font-weight="700" fill="#fff">Acme Data</text></svg>\n';

/** Refuses to empty a folder that holds something other than a previously generated doc set. */
async function assertReplaceable(outDir: string): Promise<void> {
  const entries = await readdir(outDir).catch(() => []);
  if (entries.length === 0) return;
  const previous = await access(join(outDir, 'Data', 'Tocs', 'Toc.js')).then(
    () => true,
    () => false,
  );
  if (!previous)
    throw new Error(`${outDir} is not empty and holds no doc set; refusing to replace it`);
}

/** Decides titles, paths and headings of every topic, so that pages can link to each other. */
function planTopics(random: SeededRandom, pages: number): TopicPlan[] {
  const plans: TopicPlan[] = [];
  const titles = new Set<string>();
  const paths = new Set<string>();
  const folderNouns = [...NOUNS];
  for (let index = folderNouns.length - 1; index > 0; index--) {
    const swap = random.int(0, index);
    [folderNouns[index], folderNouns[swap]] = [folderNouns[swap]!, folderNouns[index]!];
  }
  const distinct = (candidate: () => string, fallback: string): string => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const title = candidate();
      if (!titles.has(title)) return title;
    }
    for (const qualifier of QUALIFIERS) {
      if (!titles.has(`${fallback} ${qualifier}`)) return `${fallback} ${qualifier}`;
    }
    for (let suffix = 2; ; suffix++) {
      if (!titles.has(`${fallback} ${suffix}`)) return `${fallback} ${suffix}`;
    }
  };
  for (let index = 0; index < pages; index++) {
    const folderIndex = Math.floor(index / TOPICS_PER_FOLDER);
    const folderNoun = folderNouns[folderIndex % folderNouns.length] ?? 'topic';
    const round = Math.floor(folderIndex / folderNouns.length);
    const folder = `Content/${pascalCase(titleCase(folderNoun))}${round ? round + 1 : ''}`;
    const first = index % TOPICS_PER_FOLDER === 0;
    const mainNoun = first || random.chance(0.5) ? folderNoun : random.zipf(NOUNS);
    const title = first
      ? distinct(() => `${titleCase(folderNoun)} Overview`, `${titleCase(folderNoun)} Overview`)
      : distinct(() => generateTitle(random, mainNoun), generateTitle(random, mainNoun));
    titles.add(title);
    let path = `${folder}/${pascalCase(title)}.htm`;
    for (let suffix = 2; paths.has(path.toLowerCase()); suffix++) {
      path = `${folder}/${pascalCase(title)}${suffix}.htm`;
    }
    paths.add(path.toLowerCase());
    plans.push({
      path,
      title,
      mainNoun,
      headings: planHeadings(random, mainNoun, title),
    });
  }
  return plans;
}

/** Folder overview → group heads (every 10th topic) → the topics that follow each head. */
function buildToc(plans: TopicPlan[]): TocNode[] {
  const roots: TocNode[] = [];
  for (let start = 0; start < plans.length; start += TOPICS_PER_FOLDER) {
    const folder = plans.slice(start, start + TOPICS_PER_FOLDER);
    const [overview, ...rest] = folder;
    if (!overview) continue;
    const children: TocNode[] = [];
    for (let offset = 0; offset < rest.length; offset += TOPICS_PER_GROUP) {
      const [head, ...members] = rest.slice(offset, offset + TOPICS_PER_GROUP);
      if (!head) continue;
      const nested = members.map((plan) => ({ path: plan.path, title: plan.title }));
      children.push({ path: head.path, title: head.title, children: nested });
    }
    roots.push({ path: overview.path, title: overview.title, children });
  }
  return roots;
}

/**
 * Writes a synthetic doc set in the shape of MadCap Flare HTML5 output: `Content/<Folder>/` with
 * about 100 topics each, `Data/Tocs/Toc.js` plus chunk files (500 paths per chunk), `Skins/`,
 * `Resources/Images/` and `Default.htm`. Text is built from a domain vocabulary with Zipf-like term
 * frequencies; titles are distinct; cross-links (some to heading anchors) all resolve.
 */
export async function generateSyntheticDocSet(
  options: SyntheticDocSetOptions,
): Promise<SyntheticDocSetResult> {
  const outDir = resolve(options.outDir);
  if (!Number.isInteger(options.pages) || options.pages < 1) {
    throw new RangeError(`pages must be a positive integer, got ${options.pages}`);
  }
  await assertReplaceable(outDir);
  const product = options.product ?? 'Acme Data Platform';
  const random = createSeededRandom(options.seed ?? 1);
  const plans = planTopics(random, options.pages);
  const toc = buildToc(plans);
  const images = ['Resources/Images/data-flow.svg', 'Resources/Images/cluster-layout.svg'];
  const topMenu: FlareNavLink[] = toc
    .slice(0, 5)
    .map((node) => ({ label: node.title, href: node.path }));

  const files = new Map<string, string>();
  files.set('Skins/Default/Stylesheets/Styles.css', FLARE_SKIN_CSS);
  files.set('Resources/Images/logo.svg', LOGO_SVG);
  files.set(images[0]!, DIAGRAM_SVG('Data flow'));
  files.set(images[1]!, DIAGRAM_SVG('Cluster layout'));
  files.set('Default.htm', renderFlareDefaultPage(`${product} Documentation`, plans[0]!.path));
  for (const [name, text] of renderFlareToc(toc, TOC_CHUNK_SIZE))
    files.set(`Data/Tocs/${name}`, text);

  await rm(outDir, { recursive: true, force: true });
  const folders = new Set(
    [...files.keys(), ...plans.map((plan) => plan.path)].map((p) => dirname(p)),
  );
  await Promise.all([...folders].map((folder) => mkdir(join(outDir, folder), { recursive: true })));

  let bytes = 0;
  const write = async (path: string, text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    await writeFile(join(outDir, path), text);
  };
  await Promise.all([...files].map(([path, text]) => write(path, text)));

  for (let start = 0; start < plans.length; start += WRITE_BATCH) {
    const batch = plans.slice(start, start + WRITE_BATCH).map((plan, offset) => {
      const root = toc[Math.floor((start + offset) / TOPICS_PER_FOLDER)];
      const sideNav: FlareNavLink[] = (root?.children ?? []).map((node) => ({
        label: node.title,
        href: node.path,
      }));
      const html = renderFlareTopicPage({
        title: plan.title,
        topicPath: plan.path,
        productName: product,
        bodyHtml: renderSyntheticTopicBody(random, plan, { product, topics: plans, images }),
        topMenu,
        sideNav: root ? [{ label: root.title, href: root.path, children: sideNav }] : [],
      });
      return write(plan.path, html);
    });
    await Promise.all(batch);
  }
  return { pages: plans.length, bytes };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (invokedDirectly) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      pages: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      product: { type: 'string' },
      check: { type: 'boolean', default: false },
    },
  });
  if (!values.out) {
    console.error(
      'usage: generateSyntheticDocSet.ts --out DIR [--pages 10000] [--seed 1] [--product NAME] [--check]',
    );
    process.exit(2);
  }
  const started = performance.now();
  const result = await generateSyntheticDocSet({
    outDir: values.out,
    pages: Number(values.pages),
    seed: Number(values.seed),
    ...(values.product ? { product: values.product } : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `pages=${result.pages} bytes=${result.bytes} seconds=${seconds.toFixed(2)} out=${resolve(values.out)}`,
  );
  if (values.check) {
    const { checkDocSet } = await import('./checkDocSet');
    const report = await checkDocSet(values.out);
    for (const problem of report.problems.slice(0, 50)) console.error(problem);
    console.log(`check: ${report.topics} topics, ${report.problems.length} problems`);
    process.exitCode = report.problems.length ? 1 : 0;
  }
}
