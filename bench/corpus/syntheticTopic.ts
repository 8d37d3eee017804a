import { escapeHtml } from '@docs-portal/contracts/safety';
import { relativeHref } from './flareTopicPage';
import type { SeededRandom } from './seededRandom';
import {
  generateCodeSample,
  generateParagraph,
  generateSentence,
  pluralize,
  slugify,
  titleCase,
} from './syntheticText';
import { ADJECTIVES, HEADING_STEMS, NOUNS, VERBS } from './syntheticVocabulary';

/** A section heading of a planned topic. */
export interface PlannedHeading {
  /** 2 or 3. */
  level: 2 | 3;
  /** Visible heading text. */
  text: string;
  /** Anchor: an `id`, or a Flare bookmark `<a name>` when `bookmark` is true. */
  anchor: string;
  /** Written as `<hN><a name="anchor"></a>...</hN>` instead of `<hN id="anchor">`. */
  bookmark: boolean;
}

/** Everything decided about a topic before any page is rendered, so links can target it. */
export interface TopicPlan {
  /** Path relative to the doc-set root (`Content/StorageDomains/ConfigureQuotas.htm`). */
  path: string;
  /** Page title (distinct across the set). */
  title: string;
  /** The noun the topic is about; it dominates the topic's vocabulary. */
  mainNoun: string;
  /** Section headings in page order. */
  headings: PlannedHeading[];
}

/** Plans 3-6 h2 sections (some with h3 subsections), with anchors unique in the page. */
export function planHeadings(
  random: SeededRandom,
  mainNoun: string,
  title: string,
): PlannedHeading[] {
  const headings: PlannedHeading[] = [];
  const used = new Set<string>([slugify(title)]);
  const add = (level: 2 | 3, text: string): void => {
    let anchor = slugify(text);
    for (let suffix = 2; used.has(anchor); suffix++) anchor = `${slugify(text)}-${suffix}`;
    used.add(anchor);
    headings.push({ level, text, anchor, bookmark: random.chance(0.05) });
  };
  for (let section = random.int(3, 6); section > 0; section--) {
    const noun = random.chance(0.5) ? mainNoun : random.zipf(NOUNS);
    add(2, `${random.pick(HEADING_STEMS)} ${titleCase(pluralize(noun))}`);
    for (let sub = random.int(0, 2); sub > 0; sub--) {
      const adjective = random.zipf(ADJECTIVES);
      add(3, `${random.zipf(VERBS)} ${titleCase(`${adjective} ${random.zipf(NOUNS)}`)}`);
    }
  }
  return headings;
}

/** What a topic body may refer to: the other topics (for links) and the set's images. */
export interface TopicRenderContext {
  /** Product name used in prose. */
  product: string;
  /** All planned topics of the set, for cross-links. */
  topics: readonly TopicPlan[];
  /** Image paths relative to the doc-set root. */
  images: readonly string[];
}

function link(from: TopicPlan, target: TopicPlan, random: SeededRandom): string {
  const heading = random.chance(0.4) ? random.pick(target.headings) : undefined;
  const href = relativeHref(from.path, target.path) + (heading ? `#${heading.anchor}` : '');
  const text = heading ? `${target.title}: ${heading.text}` : target.title;
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

function block(random: SeededRandom, plan: TopicPlan, product: string): string {
  const noun = plan.mainNoun;
  switch (random.int(0, 5)) {
    case 0:
    case 1: {
      const items = Array.from({ length: random.int(3, 6) }, () =>
        escapeHtml(generateSentence(random, product, noun)),
      );
      const tag = random.chance(0.5) ? 'ol' : 'ul';
      return `<${tag}>\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</${tag}>`;
    }
    case 2: {
      const rows = Array.from({ length: random.int(3, 5) }, () => {
        const setting = titleCase(random.zipf(NOUNS));
        const value = random.pick(['On', 'Off', '30 days', '4', '64 GiB', 'Inline', 'Automatic']);
        const description = escapeHtml(generateSentence(random, product, noun));
        return `<tr><td>${escapeHtml(setting)}</td><td>${value}</td><td>${description}</td></tr>`;
      });
      return `<table>\n<thead><tr><th>Setting</th><th>Default</th><th>Description</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
    }
    case 3:
      return `<pre><code class="language-bash">${escapeHtml(generateCodeSample(random, noun))}</code></pre>`;
    case 4: {
      const kind = random.pick(['note', 'warning', 'tip']);
      const label = kind.charAt(0).toUpperCase() + kind.slice(1);
      const text = escapeHtml(generateSentence(random, product, noun));
      return `<div class="${kind}"><p><b>${label}:</b> ${text}</p></div>`;
    }
    default:
      return `<p>${escapeHtml(generateParagraph(random, product, noun, 1, 3))}</p>`;
  }
}

/** Renders the main content of a planned topic: h1, intro, sections, lists, tables, code, links. */
export function renderSyntheticTopicBody(
  random: SeededRandom,
  plan: TopicPlan,
  context: TopicRenderContext,
): string {
  const { product, topics, images } = context;
  const parts = [`<h1 id="${slugify(plan.title)}">${escapeHtml(plan.title)}</h1>`];
  parts.push(`<p>${escapeHtml(generateParagraph(random, product, plan.mainNoun, 2, 4))}</p>`);
  if (images.length && random.chance(0.1)) {
    const image = random.pick(images);
    const alt = `${titleCase(plan.mainNoun)} diagram`;
    parts.push(
      `<p class="figure"><img src="${relativeHref(plan.path, image)}" alt="${alt}" /></p>`,
    );
  }
  for (const heading of plan.headings) {
    const text = escapeHtml(heading.text);
    parts.push(
      heading.bookmark
        ? `<h${heading.level}><a name="${heading.anchor}"></a>${text}</h${heading.level}>`
        : `<h${heading.level} id="${heading.anchor}">${text}</h${heading.level}>`,
    );
    let paragraph = escapeHtml(generateParagraph(random, product, plan.mainNoun, 1, 3));
    if (random.chance(0.35)) paragraph += ` See ${link(plan, random.pick(topics), random)}.`;
    parts.push(`<p>${paragraph}</p>`);
    if (random.chance(0.7)) parts.push(block(random, plan, product));
  }
  if (random.chance(0.03)) {
    const body = escapeHtml(generateParagraph(random, product, plan.mainNoun, 1, 2));
    parts.push(
      `<div class="MCDropDown"><a class="MCDropDownHead" href="#">More about ${escapeHtml(pluralize(plan.mainNoun))}</a><div class="MCDropDownBody"><p>${body}</p></div></div>`,
    );
  }
  if (random.chance(0.02)) {
    parts.push(
      `<p data-mc-searchable="False">Draft note: review the ${escapeHtml(plan.mainNoun)} wording.</p>`,
    );
  }
  const related = Array.from({ length: random.int(1, 3) }, () =>
    link(plan, random.pick(topics), random),
  );
  parts.push(`<p>Related topics: ${related.join(', ')}.</p>`);
  return parts.join('\n');
}
