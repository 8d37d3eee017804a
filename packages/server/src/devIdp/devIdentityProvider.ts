import { escapeHtml } from '@docs-portal/contracts';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { PortalConfig, IdentityProviderConfig } from '../config/schema';
import { DEMO_USERS, findDemoUser } from './demoUsers';
import { renderLoginPage } from './loginPage';

/** Where the development identity provider is mounted on the portal's origin. */
export const DEV_IDP_PATH = '/dev-idp';

const CLIENTS = {
  salesforce: {
    clientId: 'docs-portal-salesforce',
    label: 'Customer and partner sign-in',
    kinds: ['customer', 'partner'],
  },
  employee: { clientId: 'docs-portal-employee', label: 'Employee sign-in', kinds: ['employee'] },
} as const;

/** The development identity provider and the provider settings the portal uses against it. */
export interface DevIdentityProvider {
  /** Provider settings for both sign-in paths, pointing at this provider. */
  providers: { salesforce: IdentityProviderConfig; employee: IdentityProviderConfig };
  /** Registers the provider's routes under /dev-idp on the portal. */
  register(app: FastifyInstance): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

/**
 * Creates the built-in OpenID Connect provider (`oidc-provider`) with the demo users. It exists so
 * a fresh machine gets a working sign-in; it refuses production mode.
 * @throws Error when `config.mode` is production.
 */
export function createDevIdentityProvider(config: PortalConfig): DevIdentityProvider {
  if (config.mode === 'production') {
    throw new Error(
      'The development identity provider refuses to run in production mode: configure identityProviders.salesforce and identityProviders.employee.',
    );
  }
  const issuer = `${config.publicUrl}${DEV_IDP_PATH}`;
  const portal = `${config.publicUrl}${config.basePath}`;
  const secrets = {
    salesforce: randomBytes(24).toString('base64url'),
    employee: randomBytes(24).toString('base64url'),
  };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const providerConfig: Configuration = {
    clients: (['salesforce', 'employee'] as const).map((name) => ({
      client_id: CLIENTS[name].clientId,
      client_secret: secrets[name],
      redirect_uris: [`${portal}/auth/${name}/callback`],
      post_logout_redirect_uris: [`${portal}/ui/login`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    pkce: { required: () => true },
    jwks: { keys: [privateKey.export({ format: 'jwk' }) as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'user_type'] },
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 900,
      Grant: 8 * 3600,
      Session: 8 * 3600,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title></head>
<body>${form}<p>Signing out…</p><noscript><button form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script>var f=document.forms[0];var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script></body></html>`;
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = DEMO_USERS.find((u) => u.username === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, name: user.name, email: user.email, user_type: user.kind };
        },
      };
    },
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      // First-party clients: grant the requested scopes without a consent screen.
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1><p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p></body></html>`;
    },
  };
  const provider = new Provider(issuer, providerConfig);
  provider.on('server_error', () => undefined);
  const callback = provider.callback();

  async function interaction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    isPost: boolean,
  ) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const clientId = String(details.params.client_id);
    const client = Object.values(CLIENTS).find((c) => c.clientId === clientId);
    if (!client) throw new Error('unknown client');
    const action = `${DEV_IDP_PATH}/interaction/${uid}`;
    let error: string | undefined;
    if (isPost) {
      const form = await readForm(req);
      const user = findDemoUser(form.get('username') ?? '', form.get('password') ?? '');
      if (!user) error = 'Unknown username or wrong password.';
      else if (!(client.kinds as readonly string[]).includes(user.kind))
        error = `The ${user.kind} account cannot use the ${client.label.toLowerCase()}.`;
      else {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: user.username } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
    }
    const demoUsernames = DEMO_USERS.filter((u) =>
      (client.kinds as readonly string[]).includes(u.kind),
    ).map((u) => u.username);
    res.statusCode = error ? 401 : 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(renderLoginPage({ action, audienceLabel: client.label, demoUsernames, error }));
  }

  function providerSettings(name: 'salesforce' | 'employee'): IdentityProviderConfig {
    return {
      issuer,
      clientId: CLIENTS[name].clientId,
      clientSecret: secrets[name],
      scopes: ['openid', 'email', 'profile'],
      claims: { displayName: 'name', email: 'email', kind: 'user_type' },
      allowedKinds: [...CLIENTS[name].kinds],
      defaultKind: CLIENTS[name].kinds[0],
    };
  }

  return {
    providers: {
      salesforce: providerSettings('salesforce'),
      employee: providerSettings('employee'),
    },
    async register(app) {
      await app.register(async (scope) => {
        // Leave request bodies unread: the provider (Koa) reads the raw stream itself.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
        const handle = async (raw: IncomingMessage, res: ServerResponse) => {
          const url = raw.url ?? '/';
          const match = /^\/dev-idp\/interaction\/([A-Za-z0-9_-]+)\/?(?:\?.*)?$/.exec(url);
          if (match) {
            await interaction(raw, res, match[1] as string, raw.method === 'POST');
            return;
          }
          (raw as IncomingMessage & { originalUrl?: string }).originalUrl = url;
          raw.url = url.slice(DEV_IDP_PATH.length) || '/';
          await callback(raw, res);
        };
        const route = async (
          request: { raw: IncomingMessage },
          reply: { hijack(): void; raw: ServerResponse },
        ) => {
          reply.hijack();
          try {
            await handle(request.raw, reply.raw);
          } catch (error) {
            app.log.warn({ err: error }, 'development identity provider: request failed');
            if (!reply.raw.headersSent) {
              reply.raw.statusCode = 400;
              reply.raw.setHeader('content-type', 'text/plain; charset=utf-8');
            }
            reply.raw.end(
              'This sign-in attempt is no longer valid. Go back to the portal and sign in again.',
            );
          }
        };
        scope.all(DEV_IDP_PATH, route);
        scope.all(`${DEV_IDP_PATH}/*`, route);
      });
    },
  };
}
