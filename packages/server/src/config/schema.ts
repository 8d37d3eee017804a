import { z } from 'zod';
import { ProductTabSchema, ResourceGroupSchema, UserKindSchema } from '@docs-portal/contracts';
import { ExtractSchema } from './extractSchema';
import { SearchSchema } from './searchSchema';
import { publicOriginSchema, serviceUrl } from './serviceUrls';
import { GapWebhookSchema } from './gapWebhookSchema';
import { AnalyticsStoreSchema, SessionStoreSchema } from './storeSchemas';

/** Paths directly under the base path that belong to the portal itself; doc sets may not use them. */
export const RESERVED_MOUNTS = [
  'ui',
  'user',
  'search',
  'auth',
  'logout',
  'environment',
  'techdocs',
  'search-client',
  'healthz',
  'readyz',
  'metrics',
  'analytics',
  'home',
  'assets',
  'dev-idp',
  'highlight.js',
  'page-versions',
] as const;

const pathSegment = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const basePathSchema = z
  .string()
  .regex(/^(\/[A-Za-z0-9._-]+)+$/, 'must look like /docs: a leading slash, no trailing slash');

/** Claim names read from an identity provider's ID token / userinfo. */
const claimNamesSchema = z
  .strictObject({
    displayName: z.string().default('name'),
    email: z.string().default('email'),
    kind: z.string().default('user_type'),
  })
  .prefault({});

/** One OpenID Connect identity provider (customer/partner SSO or employee sign-in). */
export const IdentityProviderSchema = z.strictObject({
  issuer: serviceUrl(['https', 'http'], 'https://login.example.com'),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scopes: z.array(z.string()).default(['openid', 'email', 'profile']),
  claims: claimNamesSchema,
  /** Kinds of reader this provider may sign in; a claimed kind outside the list is refused. */
  allowedKinds: z.array(UserKindSchema).min(1),
  /** Kind given when the kind claim is missing. */
  defaultKind: UserKindSchema,
});
export type IdentityProviderConfig = z.infer<typeof IdentityProviderSchema>;

/**
 * A path inside a doc set as redirects name it: relative segments (no leading slash, no dot
 * segments, no scheme, query or backslash), optionally with a `#fragment` when `fragment`.
 */
function docSetPathSchema(fragment: boolean) {
  return z
    .string()
    .min(1)
    .max(1024)
    .refine(
      (value) => {
        const hash = value.indexOf('#');
        if (hash >= 0 && (!fragment || !/^[A-Za-z0-9._:-]+$/.test(value.slice(hash + 1))))
          return false;
        const pathPart = hash >= 0 ? value.slice(0, hash) : value;
        return (
          pathPart.length > 0 &&
          // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
          !/[\\?%\u0000-\u001f\u007f]/.test(pathPart) &&
          pathPart
            .split('/')
            .every(
              (segment) => segment !== '' && !segment.startsWith('.') && !segment.includes(':'),
            )
        );
      },
      `must be a path inside the doc set like Content/Page.htm (no leading slash, dot segments, scheme or query${fragment ? '; a #fragment of letters, digits, ._:- may follow' : ''})`,
    );
}

/** A published documentation set mounted under the base path. */
export const DocSetSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  mount: z
    .string()
    .refine(
      (m) => m.split('/').every((s) => pathSegment.test(s)) && !m.split('/').includes('..'),
      'must be path segments like 6_5/Web/UserGuide (no leading or trailing slash, no dot segments)',
    ),
  /** Folder of the published files, relative to the config file or absolute. */
  folder: z.string().min(1),
  title: z.string().min(1),
  product: z.string().min(1),
  version: z.string().min(1),
  docType: z.string().min(1),
  /**
   * Doc sets naming the same group are versions of one another (search shows a page once, the doc
   * pages offer its other versions). Without it: doc sets of the same product and doc type.
   */
  versionGroup: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,99}$/,
      'letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit (at most 100)',
    )
    .optional(),
  /** Who may read it: user kinds, or `*` for every signed-in reader. */
  audience: z
    .array(z.union([UserKindSchema, z.literal('*')]))
    .min(1)
    .default(['*']),
  /** Page served for the mount's folder paths, e.g. Default.htm. */
  defaultPage: z.string().regex(pathSegment).optional(),
  /** CSS selectors over the built-in extraction rules (main, exclude, title, breadcrumb). */
  extract: ExtractSchema.optional(),
  /**
   * Redirects of this doc set's own paths, e.g. `{ from: Content/Old.htm, to: Content/New.htm#setup }`:
   * a path the served release does not hold answers 301 to `to`. They win over the redirects
   * publishing works out by itself.
   */
  redirects: z
    .array(
      z.strictObject({
        from: docSetPathSchema(false),
        to: docSetPathSchema(true),
      }),
    )
    .max(10_000)
    .default([]),
});
export type DocSetConfig = z.infer<typeof DocSetSchema>;

/** The whole portal configuration: one file plus environment overrides, validated at start-up. */
export const PortalConfigSchema = z
  .strictObject({
    /** `production` refuses the development identity provider and insecure settings. */
    mode: z.enum(['development', 'production']).default('development'),
    basePath: basePathSchema.default('/docs'),
    host: z.string().min(1).default('0.0.0.0'),
    port: z.number().int().min(0).max(65535).default(8080),
    /**
     * Origin readers use, e.g. https://docs.example.com; callbacks and cookies derive from it.
     * Left out in development, `parseConfig` derives `http://localhost:<port>`.
     */
    publicUrl: publicOriginSchema.optional(),
    /** Folder for SQLite files, indexes and published doc sets. */
    dataDir: z.string().min(1).default('data'),
    logLevel: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    brand: z
      .strictObject({
        companyName: z.string().min(1).default('Acme Data'),
        productName: z.string().min(1).default('Acme Documentation'),
      })
      .prefault({}),
    /** A referrer containing this host starts the single sign-on at once (SPEC.md section 4). */
    supportSiteHost: z.string().min(1).default('support.acme-data.example'),
    environment: z
      .strictObject({
        useMamba20SearchClient: z.boolean().default(true),
        isProd: z.boolean().default(true),
      })
      .prefault({}),
    techdocs: z.array(ResourceGroupSchema).default([]),
    linkPanel: z.array(ProductTabSchema).default([]),
    /** Both omitted: the development identity provider serves both (refused in production). */
    identityProviders: z
      .strictObject({
        salesforce: IdentityProviderSchema.optional(),
        employee: IdentityProviderSchema.optional(),
      })
      .prefault({}),
    sessions: z
      .strictObject({
        cookieName: z
          .string()
          .regex(/^[A-Za-z0-9_-]+$/)
          .default('docs_portal_session'),
        /** At least 1: activity is recorded at most once a minute, so less would never extend. */
        idleMinutes: z
          .number()
          .min(1, 'must be at least 1 (activity is recorded at most once a minute)')
          .max(7 * 24 * 60)
          .default(60),
        absoluteHours: z
          .number()
          .positive()
          .max(30 * 24)
          .default(12),
        /**
         * Redis and PostgreSQL stores: how long a process reuses a session it read, instead of
         * reading the store on every request (0: never). Sign-out and expiry still end a session
         * at once on the process that sees them; with replicas sharing the store, a sign-out on
         * one ends it on the others only after this long, so keep 0 there unless that delay is
         * acceptable. SQLite tells exactly when its file changed: its sessions are always reused
         * until then.
         */
        reuseMs: z.number().int().min(0).max(60_000).default(0),
        store: SessionStoreSchema.default({ kind: 'sqlite' }),
      })
      .prefault({}),
    docSets: z.array(DocSetSchema).default([]),
    /** Where search and click events for the documentation team are kept. */
    analytics: z
      .strictObject({
        store: AnalyticsStoreSchema.default({ kind: 'sqlite' }),
        /** The daily content-gap list as signed JSON to this HTTPS address (off when absent). */
        gapWebhook: GapWebhookSchema.optional(),
      })
      .prefault({}),
    serving: z
      .strictObject({
        /** Behind nginx: doc files are sent by nginx after the portal authorises each request. */
        accelRedirectPrefix: z
          .string()
          .regex(/^\/[A-Za-z0-9_-]+$/)
          .optional(),
      })
      .prefault({}),
    operations: z
      .strictObject({
        /**
         * When set, `/metrics` answers only requests with `Authorization: Bearer <token>`
         * (Prometheus: `authorization: { credentials: <token> }`). Required in production.
         */
        metricsToken: z
          .string()
          .min(24, 'must be at least 24 characters (a random secret)')
          .max(512)
          .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
          .optional(),
      })
      .prefault({}),
    search: SearchSchema.prefault({}),
  })
  .superRefine((config, ctx) => {
    checkDocSets(config.docSets, (path, message) =>
      ctx.addIssue({ code: 'custom', path, message }),
    );
    const providers = config.identityProviders;
    if (config.mode === 'production') {
      if (!providers.salesforce || !providers.employee) {
        ctx.addIssue({
          code: 'custom',
          path: ['identityProviders'],
          message:
            'production mode needs both identity providers (salesforce and employee); the development identity provider refuses to run in production',
        });
      }
      if (!config.publicUrl?.startsWith('https://')) {
        ctx.addIssue({
          code: 'custom',
          path: ['publicUrl'],
          message: 'production mode needs an https public URL',
        });
      }
      if (!config.operations.metricsToken) {
        ctx.addIssue({
          code: 'custom',
          path: ['operations', 'metricsToken'],
          message:
            'production mode needs a metrics token (or METRICS_TOKEN): /metrics stays closed',
        });
      }
    }
    if (Boolean(providers.salesforce) !== Boolean(providers.employee)) {
      ctx.addIssue({
        code: 'custom',
        path: ['identityProviders'],
        message:
          'configure both identity providers, or neither (the development identity provider then serves both)',
      });
    }
    if (config.search.engine === 'postgres' && !config.search.postgres) {
      ctx.addIssue({
        code: 'custom',
        path: ['search', 'postgres'],
        message: 'required when search.engine is "postgres": { url, poolSize, timeoutMs }',
      });
    }
  });

/** Records one problem at a path of the config. */
type ReportIssue = (path: Array<string | number>, message: string) => void;

/** Unique ids, and mounts that neither take a portal route nor overlap another doc set. */
function checkDocSets(docSets: DocSetConfig[], report: ReportIssue): void {
  const seenIds = new Set<string>();
  const mounts: string[] = [];
  docSets.forEach((docSet, i) => {
    if (seenIds.has(docSet.id)) {
      report(['docSets', i, 'id'], `duplicate doc set id "${docSet.id}"`);
    }
    seenIds.add(docSet.id);
    const first = docSet.mount.split('/')[0] ?? '';
    if ((RESERVED_MOUNTS as readonly string[]).includes(first)) {
      report(
        ['docSets', i, 'mount'],
        `"${docSet.mount}" collides with the portal's own route /${first}`,
      );
    }
    for (const other of mounts) {
      if (
        other === docSet.mount ||
        other.startsWith(`${docSet.mount}/`) ||
        docSet.mount.startsWith(`${other}/`)
      ) {
        report(
          ['docSets', i, 'mount'],
          `"${docSet.mount}" overlaps the mount "${other}" of another doc set`,
        );
      }
    }
    mounts.push(docSet.mount);
    checkRedirects(docSet, (path, message) =>
      report(['docSets', i, 'redirects', ...path], message),
    );
  });
}

/** Explicit redirects: each path redirected once, never to itself, and no chain that loops. */
function checkRedirects(docSet: DocSetConfig, report: ReportIssue): void {
  const targets = new Map<string, string>();
  docSet.redirects.forEach(({ from, to }, j) => {
    if (targets.has(from)) report([j, 'from'], `"${from}" is redirected twice`);
    targets.set(from, to.split('#')[0] as string);
  });
  docSet.redirects.forEach(({ from }, j) => {
    const seen = new Set<string>([from]);
    let at = targets.get(from);
    while (at !== undefined) {
      if (seen.has(at)) {
        report([j, 'to'], `redirects from "${from}" loop back to "${at}"`);
        return;
      }
      seen.add(at);
      at = targets.get(at);
    }
  });
}

/** The schema's own output: `publicUrl` may still be missing (see {@link PortalConfig}). */
export type ParsedPortalConfig = z.output<typeof PortalConfigSchema>;

/** The validated configuration, with defaults filled in. */
export type PortalConfig = Omit<ParsedPortalConfig, 'publicUrl'> & {
  /** Origin readers use, without a trailing slash: configured, or derived in development. */
  publicUrl: string;
  /**
   * `config` when publicUrl was set (file or PUBLIC_URL); `port` when development derived it from
   * the port, so the process may fix it once the real port is known.
   */
  publicUrlFrom: 'config' | 'port';
};
/** What a config file may hold (every field optional where a default exists). */
export type PortalConfigInput = z.input<typeof PortalConfigSchema>;
