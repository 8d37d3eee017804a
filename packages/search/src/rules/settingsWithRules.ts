import type { QuerySettings } from '../query/executeSearch';
import { mergeSynonyms, type CompiledRules } from './compileRules';

/** Settings with rules, per engine settings and rule set: rule synonyms are merged once. */
const cache = new WeakMap<QuerySettings, WeakMap<CompiledRules, QuerySettings>>();

/** The engine's settings with `rules` applied (the settings themselves without rules). */
export function settingsWithRules(
  settings: QuerySettings,
  rules: CompiledRules | undefined,
): QuerySettings {
  if (rules === undefined || rules.size === 0) return settings;
  let byRules = cache.get(settings);
  if (byRules === undefined) {
    byRules = new WeakMap();
    cache.set(settings, byRules);
  }
  let merged = byRules.get(rules);
  if (merged === undefined) {
    merged = { ...settings, synonyms: mergeSynonyms(settings.synonyms, rules.synonyms), rules };
    byRules.set(rules, merged);
  }
  return merged;
}
