/*
 * Light checks of the search API's answers (the shapes of `@docs-portal/contracts` search.ts),
 * written by hand so that the clients do not carry zod. They check what the clients read, so a
 * malformed answer shows the error state instead of breaking the page. Result links must be
 * same-origin paths (`safePortalPath`), so no answer can put another site or a script URL in a link.
 */
import type {
  FacetCount,
  MatchExplanation,
  OtherVersion,
  SearchHit,
  SearchResponse,
  SectionHit,
} from '@docs-portal/contracts';
import { safePortalPath } from '@docs-portal/contracts/safety';

type Check<T> = (value: unknown) => value is T;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
/** A link the clients put in an `href` and open: a same-origin path, never a URL of its own. */
const isPortalLink = (value: unknown): value is string => safePortalPath(value, '') !== null;
const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(check);

const isExplanation: Check<MatchExplanation> = (value): value is MatchExplanation =>
  isRecord(value) &&
  isNumber(value.score) &&
  isRecord(value.fields) &&
  Object.values(value.fields).every(arrayOf(isString)) &&
  arrayOf(
    (term): term is MatchExplanation['terms'][number] =>
      isRecord(term) && isString(term.query) && isString(term.matched) && isString(term.how),
  )(value.terms);

const hasOptionalExplanation = (value: Record<string, unknown>) =>
  value.explain === undefined || isExplanation(value.explain);

const isSection: Check<SectionHit> = (value): value is SectionHit =>
  isRecord(value) &&
  isString(value.heading) &&
  isString(value.anchor) &&
  isPortalLink(value.url) &&
  isString(value.snippet) &&
  isNumber(value.score) &&
  hasOptionalExplanation(value);

const isHit: Check<SearchHit> = (value): value is SearchHit =>
  isRecord(value) &&
  isPortalLink(value.url) &&
  ['title', 'section', 'snippet', 'product', 'version', 'docType', 'docSet'].every((key) =>
    isString(value[key]),
  ) &&
  arrayOf(isString)(value.breadcrumb) &&
  isNumber(value.score) &&
  arrayOf(isSection)(value.sections) &&
  hasOptionalExplanation(value) &&
  (value.alsoIn === undefined ||
    arrayOf(
      (other): other is OtherVersion =>
        isRecord(other) &&
        isString(other.version) &&
        isString(other.docSet) &&
        isPortalLink(other.url),
    )(value.alsoIn));

const isFacetCounts = arrayOf(
  (value): value is FacetCount => isRecord(value) && isString(value.value) && isNumber(value.count),
);

/** `value` as a search answer when it has the contract's shape, else null. */
export function parseSearchResponse(value: unknown): SearchResponse | null {
  if (!isRecord(value)) return null;
  const { facets } = value;
  const ok =
    isString(value.query) &&
    ['total', 'page', 'pageSize', 'tookMs'].every((key) => isNumber(value[key])) &&
    arrayOf(isHit)(value.hits) &&
    isRecord(facets) &&
    isFacetCounts(facets.product) &&
    isFacetCounts(facets.version) &&
    isFacetCounts(facets.docType) &&
    (value.suggestion === null || isString(value.suggestion));
  return ok ? (value as SearchResponse) : null;
}

/** The `message` of an API error answer (`{ code, message }`), or null. */
export function errorMessageOf(value: unknown): string | null {
  return isRecord(value) && isString(value.message) ? value.message : null;
}
