import { z } from 'zod';

/** The kinds of reader the portal knows; a doc set's audience is a list of these (or claim values). */
export const UserKindSchema = z.enum(['customer', 'partner', 'employee']);
export type UserKind = z.infer<typeof UserKindSchema>;

/** `GET {basePath}/user`: the signed-in reader. SPEC.md reads displayName; the rest are ours. */
export const UserSchema = z.object({
  displayName: z.string(),
  email: z.string(),
  kind: UserKindSchema,
  /** Whether the reader may open the search analytics page: the header links to it only then. */
  canSeeAnalytics: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** One link of the header link panel or of a techdocs resource group. */
export const LinkSchema = z.object({
  title: z.string().min(1),
  /** A documentation path under the docs base (starting with `/`), or an absolute https URL. */
  path: z.string().min(1),
  /** Optional icon name from the icon registry (`aws`, `book`, `fontawesome:...`). */
  icon: z.string().optional(),
});
export type Link = z.infer<typeof LinkSchema>;

/** A column of links under one product tab of the header link panel. */
export const LinkColumnSchema = z.object({
  heading: z.string().min(1),
  links: z.array(LinkSchema),
});
export type LinkColumn = z.infer<typeof LinkColumnSchema>;

/** One product family tab of the header link panel (Data Platform, Helios, ...). */
export const ProductTabSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: z.string().min(1),
  columns: z.array(LinkColumnSchema),
});
export type ProductTab = z.infer<typeof ProductTabSchema>;

/** `GET {basePath}/environment`: the flags of SPEC.md section 3, plus the link panel from config. */
export const EnvironmentSchema = z.object({
  useMamba20SearchClient: z.boolean(),
  isProd: z.boolean(),
  linkPanel: z.array(ProductTabSchema),
});
export type Environment = z.infer<typeof EnvironmentSchema>;

/** A techdocs resource group: its icon/heading link is the first link's path (SPEC.md section 3). */
export const ResourceGroupSchema = z.object({
  resourceType: z.string().min(1),
  title: z.string().min(1),
  icon: z.string().optional(),
  links: z.array(LinkSchema).min(1),
});
export type ResourceGroup = z.infer<typeof ResourceGroupSchema>;

/** `GET {basePath}/techdocs/links`. */
export const ResourceGroupListSchema = z.array(ResourceGroupSchema);

/** A doc set the reader may open, as the home page lists it. */
export const HomeDocSetSchema = z.object({
  id: z.string(),
  title: z.string(),
  product: z.string(),
  version: z.string(),
  /** Where it opens: a documentation path under the docs base (starting with `/`). */
  path: z.string().startsWith('/'),
  /** ISO time its served release was published; null when unknown. */
  publishedAt: z.string().nullable(),
});
export type HomeDocSet = z.infer<typeof HomeDocSetSchema>;

/** A page readers of the same kind opened often from search results. */
export const HomePopularPageSchema = z.object({
  /** The page's title (its HTML title, else its file name). */
  title: z.string(),
  /** A documentation path under the docs base (starting with `/`). */
  path: z.string().startsWith('/'),
  /** The title of the doc set it belongs to. */
  docSetTitle: z.string(),
  /** Opens in the period. */
  opens: z.number().int().nonnegative(),
});
export type HomePopularPage = z.infer<typeof HomePopularPageSchema>;

/**
 * `GET {basePath}/home`: what the home page shows beside the techdocs groups. Only doc sets the
 * reader may read (and only pages of them that still exist) appear.
 */
export const HomeSchema = z.object({
  /** Every doc set the reader may open, by product, then title. */
  docSets: z.array(HomeDocSetSchema),
  /** The pages readers of the reader's kind opened most over the last {@link HOME_POPULAR_DAYS} days. */
  mostOpened: z.array(HomePopularPageSchema),
  /** The doc sets published most recently, newest first. */
  recentlyPublished: z.array(HomeDocSetSchema),
});
export type Home = z.infer<typeof HomeSchema>;

/** The period of the home page's "most opened" list, in days. */
export const HOME_POPULAR_DAYS = 30;

/** Every error the server answers with: a stable code and a readable message, never a stack. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * What the server writes into the web app's index.html (a JSON script element), so the app knows
 * what it needs before sign-in: the API base, the brand and the support-site host.
 */
export const PortalBootstrapSchema = z.object({
  basePath: z.string(),
  productName: z.string(),
  companyName: z.string(),
  supportSiteHost: z.string(),
});
export type PortalBootstrap = z.infer<typeof PortalBootstrapSchema>;

/**
 * Why a sign-in ended on the login page: the server redirects to `ui/login?error=<code>` and the
 * login page shows the message. Codes are stable; unknown codes show the generic message.
 */
export const SIGN_IN_ERRORS = {
  access_denied: 'Sign-in was cancelled or refused by the identity provider. Please try again.',
  invalid_state: 'The sign-in attempt expired or was already used. Please sign in again.',
  provider_unavailable:
    'The sign-in service cannot be reached right now. Please try again in a moment.',
  sign_in_failed: 'Sign-in could not be completed. Please try again.',
  not_configured: 'This sign-in method is not available.',
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;
