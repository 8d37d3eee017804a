import { distance } from 'fastest-levenshtein';
import type { z } from 'zod';

/** A key of the config that no schema object declares, where it is and what was probably meant. */
export interface UnknownKey {
  /** Path of the key itself, e.g. `['docSets', 5, 'audiance']`. */
  path: Array<string | number>;
  /** The declared key nearest to it, when one is close enough to be a likely typo. */
  suggestion?: string;
}

type AnySchema = z.core.$ZodType;
type Def = AnySchema['_zod']['def'] & {
  innerType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  element?: AnySchema;
  shape?: Record<string, AnySchema>;
  options?: AnySchema[];
  discriminator?: string;
  values?: unknown[];
  getter?: () => AnySchema;
};

/** Wrappers that hold one schema and add no keys of their own. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'lazy',
  'pipe',
]);

function defOf(schema: AnySchema): Def {
  return schema._zod.def as Def;
}

/** The schema under optional/default/prefault/pipe... wrappers. */
function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (let i = 0; i < 20; i += 1) {
    const def = defOf(current);
    if (!WRAPPERS.has(def.type)) return current;
    const inner =
      def.type === 'lazy' ? def.getter?.() : def.type === 'pipe' ? def.in : def.innerType;
    if (!inner) return current;
    current = inner;
  }
  return current;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The option of a discriminated union that `value` selects, or undefined when none does. */
function chooseOption(def: Def, value: unknown): AnySchema | undefined {
  const options = def.options ?? [];
  if (def.discriminator && isPlainObject(value)) {
    const tag = value[def.discriminator];
    return options.find((option) => {
      const field = defOf(unwrap(option)).shape?.[def.discriminator as string];
      return field !== undefined && (defOf(unwrap(field)).values ?? []).includes(tag);
    });
  }
  // A plain union: the one object option, if there is exactly one, says which keys are known.
  const objects = options.filter((option) => defOf(unwrap(option)).type === 'object');
  return objects.length === 1 ? objects[0] : undefined;
}

/** The declared key nearest to `key`, when it is close enough to be a typo of it. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  // Short keys tolerate one edit; longer ones a swapped pair of letters (two edits) or more.
  const allowed = key.length <= 3 ? 1 : Math.max(2, Math.floor(key.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

/**
 * Every key of `value` that the matching object of `schema` does not declare, at any depth. It
 * walks the schema itself, so any object added to the schema (or taken from the contracts
 * package) is checked without being listed anywhere.
 */
export function findUnknownKeys(
  schema: AnySchema,
  value: unknown,
  path: Array<string | number> = [],
): UnknownKey[] {
  const target = unwrap(schema);
  const def = defOf(target);
  if (def.type === 'object' && isPlainObject(value)) {
    const shape = def.shape ?? {};
    const known = Object.keys(shape);
    const found: UnknownKey[] = [];
    for (const [key, child] of Object.entries(value)) {
      const field = shape[key];
      if (field === undefined) {
        found.push({ path: [...path, key], suggestion: nearestKey(key, known) });
      } else {
        found.push(...findUnknownKeys(field, child, [...path, key]));
      }
    }
    return found;
  }
  if (def.type === 'array' && Array.isArray(value) && def.element) {
    const element = def.element;
    return value.flatMap((item, i) => findUnknownKeys(element, item, [...path, i]));
  }
  if (def.type === 'union') {
    const option = chooseOption(def, value);
    return option ? findUnknownKeys(option, value, path) : [];
  }
  return [];
}

/**
 * Every field path the schema declares, objects and leaves, with array elements written `[]`
 * (e.g. `docSets[].audience`, `sessions.store.keyPrefix`). Union options contribute all their
 * fields. Used to check the documentation against the schema.
 */
export function declaredPaths(schema: AnySchema, prefix = ''): string[] {
  const def = defOf(unwrap(schema));
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([key, child]) => {
      const here = prefix ? `${prefix}.${key}` : key;
      return [here, ...declaredPaths(child, here)];
    });
  }
  if (def.type === 'array' && def.element) return declaredPaths(def.element, `${prefix}[]`);
  if (def.type === 'union') {
    return [...new Set((def.options ?? []).flatMap((option) => declaredPaths(option, prefix)))];
  }
  return [];
}
