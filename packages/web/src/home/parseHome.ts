import type { Home, HomeDocSet } from '@docs-portal/contracts';

/*
 * Light shape check of the home page lists, kept with the lazily loaded lists (see
 * data/responseGuards.ts for why the app checks answers with plain code rather than zod).
 */

type Shape = Record<string, unknown>;

function isShape(value: unknown): value is Shape {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHomeDocSet(value: unknown): value is HomeDocSet {
  return (
    isShape(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    typeof value.product === 'string' &&
    typeof value.version === 'string' &&
    typeof value.path === 'string' &&
    (value.publishedAt === null || typeof value.publishedAt === 'string')
  );
}

/** Checks a `GET {basePath}/home` answer. */
export function parseHome(data: unknown): Home {
  if (
    !isShape(data) ||
    !Array.isArray(data.docSets) ||
    !data.docSets.every(isHomeDocSet) ||
    !Array.isArray(data.recentlyPublished) ||
    !data.recentlyPublished.every(isHomeDocSet) ||
    !Array.isArray(data.mostOpened) ||
    !data.mostOpened.every(
      (page) =>
        isShape(page) &&
        typeof page.title === 'string' &&
        typeof page.path === 'string' &&
        typeof page.docSetTitle === 'string' &&
        typeof page.opens === 'number',
    )
  ) {
    throw new TypeError('The server sent an invalid home page.');
  }
  return data as unknown as Home;
}
