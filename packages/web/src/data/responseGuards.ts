import type {
  ApiError,
  Environment,
  PortalBootstrap,
  ResourceGroup,
  User,
} from '@docs-portal/contracts';

/*
 * Light shape checks of what the portal server sends. The server builds these answers with the
 * zod schemas of @docs-portal/contracts; the app checks only what it relies on, with plain code,
 * so that zod (about 28 KB gzipped) stays off the first page load. The search page, which loads
 * on demand, validates frame messages with the full schemas.
 */

type Shape = Record<string, unknown>;

function isShape(value: unknown): value is Shape {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(what: string): never {
  throw new TypeError(`The server sent an invalid ${what}.`);
}

function isLinkList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((link) => isShape(link) && typeof link.title === 'string' && typeof link.path === 'string')
  );
}

/** Checks a `GET {basePath}/user` answer. */
export function parseUser(data: unknown): User {
  if (!isShape(data) || typeof data.displayName !== 'string') fail('user');
  return data as unknown as User;
}

/** Checks a `GET {basePath}/environment` answer. */
export function parseEnvironment(data: unknown): Environment {
  if (
    !isShape(data) ||
    typeof data.useMamba20SearchClient !== 'boolean' ||
    typeof data.isProd !== 'boolean' ||
    !Array.isArray(data.linkPanel) ||
    !data.linkPanel.every(
      (tab) =>
        isShape(tab) &&
        typeof tab.id === 'string' &&
        typeof tab.label === 'string' &&
        Array.isArray(tab.columns) &&
        tab.columns.every(
          (column) => isShape(column) && typeof column.heading === 'string' && isLinkList(column.links),
        ),
    )
  ) {
    fail('environment configuration');
  }
  return data as unknown as Environment;
}

/** Checks a `GET {basePath}/techdocs/links` answer. */
export function parseResourceGroups(data: unknown): ResourceGroup[] {
  if (
    !Array.isArray(data) ||
    !data.every(
      (group) =>
        isShape(group) &&
        typeof group.resourceType === 'string' &&
        typeof group.title === 'string' &&
        isLinkList(group.links),
    )
  ) {
    fail('list of documentation links');
  }
  return data as ResourceGroup[];
}

/** Reads a `{ code, message }` error answer; `undefined` for anything else. */
export function parseApiError(data: unknown): ApiError | undefined {
  return isShape(data) && typeof data.code === 'string' && typeof data.message === 'string'
    ? { code: data.code, message: data.message }
    : undefined;
}

/** Reads the bootstrap data the server writes into index.html; `undefined` when malformed. */
export function parseBootstrap(data: unknown): PortalBootstrap | undefined {
  if (!isShape(data)) return undefined;
  const { basePath, productName, companyName, supportSiteHost } = data;
  if (
    typeof basePath !== 'string' ||
    typeof productName !== 'string' ||
    typeof companyName !== 'string' ||
    typeof supportSiteHost !== 'string'
  ) {
    return undefined;
  }
  return { basePath, productName, companyName, supportSiteHost };
}

/**
 * The texts of a `GET {basePath}/search/suggest` answer, page titles and completions of the word
 * being typed, each once, in the order given.
 */
export function parseSuggestionTexts(data: unknown): string[] {
  if (!isShape(data) || !Array.isArray(data.suggestions)) fail('suggestion list');
  const texts = new Set<string>();
  for (const item of data.suggestions as unknown[]) {
    if (isShape(item) && typeof item.text === 'string' && item.text.trim() !== '') {
      texts.add(item.text.trim());
    }
  }
  return [...texts];
}
