import { z } from 'zod';
import { ProductTabSchema, ResourceGroupSchema, UserKindSchema } from '@docs-portal/contracts';

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
  'assets',
  'dev-idp',
  'highlight.js',
] as const;

const pathSegment = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const basePathSchema = z
  .string()
  .regex(/^(\/[A-Za-z0-9._-]+)+$/, 'must look like /docs: a leading slash, no trailing slash');

/** Claim names read from an identity provider's ID token / userinfo. */
const claimNamesSchema = z
  .object({
    displayName: z.string().default('name'),
    email: z.string().default('email'),
    kind: z.string().default('user_type'),
  })
  .prefault({});

/** One OpenID Connect identity provider (customer/partner SSO or employee sign-in). */
export const IdentityProviderSchema = z.object({
  issuer: z.url(),
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

/** A published documentation set mounted under the base path. */
export const DocSetSchema = z.object({
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
  /** Who may read it: user kinds, or `*` for every signed-in reader. */
  audience: z
    .array(z.union([UserKindSchema, z.literal('*')]))
    .min(1)
    .default(['*']),
  /** Page served for the mount's folder paths, e.g. Default.htm. */
  defaultPage: z.string().regex(pathSegment).optional(),
});
export type DocSetConfig = z.infer<typeof DocSetSchema>;

const sessionStoreSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sqlite') }),
  z.object({ kind: z.literal('redis'), url: z.string().min(1) }),
  z.object({
    kind: z.literal('postgres'),
    url: z.string().min(1),
    poolSize: z.number().int().min(1).max(100).default(10),
  }),
]);

const analyticsStoreSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sqlite') }),
  z.object({
    kind: z.literal('postgres'),
    url: z.string().min(1),
    poolSize: z.number().int().min(1).max(100).default(5),
  }),
]);

/** The whole portal configuration: one file plus environment overrides, validated at start-up. */
export const PortalConfigSchema = z
  .object({
    /** `production` refuses the development identity provider and insecure settings. */
    mode: z.enum(['development', 'production']).default('development'),
    basePath: basePathSchema.default('/docs'),
    host: z.string().default('0.0.0.0'),
    port: z.number().int().min(0).max(65535).default(8080),
    /** Origin readers use, e.g. https://docs.example.com; callbacks and cookies derive from it. */
    publicUrl: z
      .url()
      .refine((u) => new URL(u).pathname === '/', 'must be an origin without a path')
      .default('http://localhost:8080'),
    /** Folder for SQLite files, indexes and published doc sets. */
    dataDir: z.string().min(1).default('data'),
    logLevel: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    brand: z
      .object({
        companyName: z.string().min(1).default('Acme Data'),
        productName: z.string().min(1).default('Acme Documentation'),
      })
      .prefault({}),
    /** A referrer containing this host starts the single sign-on at once (SPEC.md section 4). */
    supportSiteHost: z.string().min(1).default('support.acme-data.example'),
    environment: z
      .object({
        useMamba20SearchClient: z.boolean().default(true),
        isProd: z.boolean().default(true),
      })
      .prefault({}),
    techdocs: z.array(ResourceGroupSchema).default([]),
    linkPanel: z.array(ProductTabSchema).default([]),
    /** Both omitted: the development identity provider serves both (refused in production). */
    identityProviders: z
      .object({
        salesforce: IdentityProviderSchema.optional(),
        employee: IdentityProviderSchema.optional(),
      })
      .prefault({}),
    sessions: z
      .object({
        cookieName: z
          .string()
          .regex(/^[A-Za-z0-9_-]+$/)
          .default('docs_portal_session'),
        idleMinutes: z
          .number()
          .positive()
          .max(7 * 24 * 60)
          .default(60),
        absoluteHours: z
          .number()
          .positive()
          .max(30 * 24)
          .default(12),
        store: sessionStoreSchema.default({ kind: 'sqlite' }),
      })
      .prefault({}),
    docSets: z.array(DocSetSchema).default([]),
    /** Where search and click events for the documentation team are kept. */
    analytics: z.object({ store: analyticsStoreSchema.default({ kind: 'sqlite' }) }).prefault({}),
    serving: z
      .object({
        /** Behind nginx: doc files are sent by nginx after the portal authorises each request. */
        accelRedirectPrefix: z
          .string()
          .regex(/^\/[A-Za-z0-9_-]+$/)
          .optional(),
      })
      .prefault({}),
    operations: z
      .object({
        /**
         * When set, `/metrics` answers only requests with `Authorization: Bearer <token>`
         * (Prometheus: `authorization: { credentials: <token> }`).
         */
        metricsToken: z
          .string()
          .min(24, 'must be at least 24 characters (a random secret)')
          .max(512)
          .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
          .optional(),
      })
      .strict()
      .prefault({}),
    search: z
      .object({
        engine: z.string().default('sqlite'),
        /** Groups of equivalent terms, e.g. [["k8s", "kubernetes"]]. */
        synonyms: z.array(z.array(z.string().min(1)).min(2)).default([]),
        /** Connection of the `postgres` engine (cluster mode). */
        postgres: z
          .object({
            url: z.string().min(1),
            poolSize: z.number().int().min(1).max(100).default(10),
            /** A query without an answer after this long fails and the search answers 503 (ms). */
            timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
          })
          .optional(),
      })
      .prefault({}),
  })
  .strict()
  .superRefine((config, ctx) => {
    const seenIds = new Set<string>();
    const mounts: string[] = [];
    config.docSets.forEach((docSet, i) => {
      if (seenIds.has(docSet.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['docSets', i, 'id'],
          message: `duplicate doc set id "${docSet.id}"`,
        });
      }
      seenIds.add(docSet.id);
      const first = docSet.mount.split('/')[0] ?? '';
      if ((RESERVED_MOUNTS as readonly string[]).includes(first)) {
        ctx.addIssue({
          code: 'custom',
          path: ['docSets', i, 'mount'],
          message: `"${docSet.mount}" collides with the portal's own route /${first}`,
        });
      }
      for (const other of mounts) {
        if (
          other === docSet.mount ||
          other.startsWith(`${docSet.mount}/`) ||
          docSet.mount.startsWith(`${other}/`)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['docSets', i, 'mount'],
            message: `"${docSet.mount}" overlaps the mount "${other}" of another doc set`,
          });
        }
      }
      mounts.push(docSet.mount);
    });
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
      if (!config.publicUrl.startsWith('https://')) {
        ctx.addIssue({
          code: 'custom',
          path: ['publicUrl'],
          message: 'production mode needs an https public URL',
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
  });

/** The validated configuration, with defaults filled in. */
export type PortalConfig = z.output<typeof PortalConfigSchema>;
/** What a config file may hold (every field optional where a default exists). */
export type PortalConfigInput = z.input<typeof PortalConfigSchema>;
