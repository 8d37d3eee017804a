import type { SeededRandom } from './seededRandom';
import {
  ADJECTIVES,
  CLI_ACTIONS,
  CLI_COMMANDS,
  NOUNS,
  QUALIFIERS,
  SENTENCE_VERBS,
  VERBS,
} from './syntheticVocabulary';

const MINOR_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'from', 'in', 'of', 'on', 'the', 'to']);
const STATES = ['available', 'full', 'offline', 'paused', 'expired', 'degraded', 'healthy'];

/** The plural of a noun phrase (`storage domain` → `storage domains`, `policy` → `policies`). */
export function pluralize(noun: string): string {
  if (/(?:s|x|ch|sh)$/i.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** Title case that keeps words already holding capitals or digits (vCenter, iSCSI, k8s). */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, position) => {
      if (/[A-Z0-9]/.test(word)) return word;
      if (position > 0 && MINOR_WORDS.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

/** A lower-case, hyphenated id for a heading or anchor. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A PascalCase file or folder name (`Configure Storage Domain Quotas` → `ConfigureStorageDomainQuotas`). */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function lowerFirstWord(text: string): string {
  return text.replace(/^\S+/, (word) => word.toLowerCase());
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** One generated title candidate around a main noun; callers retry until titles are distinct. */
export function generateTitle(random: SeededRandom, mainNoun: string): string {
  const verb = random.zipf(VERBS);
  let other = random.zipf(NOUNS);
  while (other === mainNoun) other = random.pick(NOUNS);
  const adjective = random.zipf(ADJECTIVES);
  const qualifier = random.pick(QUALIFIERS);
  switch (random.int(0, 5)) {
    case 0:
      return `${verb} ${titleCase(pluralize(mainNoun))}`;
    case 1:
      return `${verb} ${titleCase(`${mainNoun} ${pluralize(other)}`)}`;
    case 2:
      return `${verb} ${titleCase(`${adjective} ${pluralize(mainNoun)}`)} ${qualifier}`;
    case 3:
      return `${verb} ${titleCase(pluralize(mainNoun))} ${qualifier}`;
    case 4:
      return `${titleCase(mainNoun)} ${titleCase(other)} Reference`;
    default:
      return `${verb} the ${titleCase(`${adjective} ${mainNoun}`)} ${qualifier}`;
  }
}

/** One sentence of product prose built from Zipf-sampled domain terms. */
export function generateSentence(random: SeededRandom, product: string, mainNoun: string): string {
  const noun = (): string => (random.chance(0.3) ? mainNoun : random.zipf(NOUNS));
  const verb = random.zipf(SENTENCE_VERBS);
  const adjective = random.zipf(ADJECTIVES);
  const number = random.pick([2, 4, 8, 16, 30, 64, 90, 100, 256, 1000]);
  const first = noun();
  switch (random.int(0, 7)) {
    case 0:
      return `The ${first} ${verb} the ${noun()} when the ${adjective} ${noun()} is ${random.pick(STATES)}.`;
    case 1:
      return `${random.zipf(VERBS)} the ${first} before you ${random.zipf(VERBS).toLowerCase()} the ${noun()}.`;
    case 2:
      return `Each ${first} ${verb} up to ${number} ${pluralize(noun())} per ${noun()}.`;
    case 3:
      return `If ${article(adjective)} ${adjective} ${first} ${verb} the ${noun()}, ${product} raises an alert.`;
    case 4:
      return `Use the ${first} to ${random.zipf(VERBS).toLowerCase()} ${pluralize(noun())} ${lowerFirstWord(random.pick(QUALIFIERS))}.`;
    case 5:
      return `By default, ${pluralize(first)} are kept for ${number} days unless the ${noun()} says otherwise.`;
    case 6:
      return `${product} ${verb} every ${first} in the ${adjective} ${noun()}.`;
    default: {
      const state = random.pick(STATES);
      return `${titleCase(article(state))} ${state} ${first} does not affect ${pluralize(noun())} that the ${noun()} already ${verb}.`;
    }
  }
}

/** A paragraph of `min` to `max` sentences. */
export function generateParagraph(
  random: SeededRandom,
  product: string,
  mainNoun: string,
  min = 2,
  max = 4,
): string {
  const count = random.int(min, max);
  return Array.from({ length: count }, () => generateSentence(random, product, mainNoun)).join(' ');
}

/** A plausible `acli` command or REST call for a code sample. */
export function generateCodeSample(random: SeededRandom, mainNoun: string): string {
  const command = random.zipf(CLI_COMMANDS);
  const name = `${slugify(mainNoun)}-${random.int(1, 99)}`;
  if (random.chance(0.35)) {
    return [
      `curl -s https://cluster.example.com/v2/${command}s?maxResults=${random.int(10, 500)} \\`,
      '  -H "apiKey: $ACME_API_KEY" | jq .',
    ].join('\n');
  }
  const lines = [`acli ${command} ${random.zipf(CLI_ACTIONS)} --name ${name}`];
  for (let option = random.int(0, 2); option > 0; option--) {
    lines.push(
      `acli ${command} ${random.zipf(CLI_ACTIONS)} --${slugify(random.zipf(NOUNS))} ${name}`,
    );
  }
  return lines.join('\n');
}
