import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { SignInErrorCode } from '@docs-portal/contracts';
import type { PortalConfig } from '../config/schema';
import { cookieBase } from '../sessions/sessionPlugin';
import type { SessionService } from '../sessions/SessionService';
import { isSameOriginRequest } from '../security/sameOriginRequest';
import { issueXsrfCookie } from '../xsrf/xsrfPlugin';
import {
  PROVIDER_NAMES,
  ProviderUnavailableError,
  type OidcClients,
  type ProviderName,
} from './OidcClients';
import { safeReturnPath } from './returnPath';
import { classifyCallbackError } from './classifyCallbackError';
import { renderSignOutPage, SIGN_OUT_PAGE_CSP, type SignOutAnswer } from './signOutPage';
import { ClaimsRefusedError, signInUser } from './signInUser';

/** Cookie carrying the id of a started sign-in between the start and the callback. */
export const SIGN_IN_COOKIE = 'docs_portal_signin';

/** Options of the sign-in routes. */
export interface AuthRoutesOptions {
  config: PortalConfig;
  sessions: SessionService;
  clients: OidcClients;
  /** Called for each completed sign-in (metrics). */
  onSignIn?: (provider: ProviderName, ok: boolean) => void;
}

function isProvider(name: string): name is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(name);
}

/**
 * Sign-in start and callback for both providers (OIDC authorization code + PKCE, state, nonce) and
 * logout. Failures end on the login page with a readable error code, and are logged.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { config, sessions, clients } = options;
  const base = config.basePath;
  const signInCookie = { ...cookieBase(config), path: `${base}/auth`, httpOnly: true };
  const callbackUrl = (name: ProviderName) => `${config.publicUrl}${base}/auth/${name}/callback`;

  function toLogin(reply: FastifyReply, code: SignInErrorCode, returnPath?: string) {
    const params = new URLSearchParams({ error: code });
    const fallback = `${base}/ui/`;
    if (returnPath && returnPath.split('#')[0] !== fallback)
      params.set('redirectPath', returnPath.split('#')[0] as string);
    const hash = returnPath?.includes('#') ? returnPath.slice(returnPath.indexOf('#')) : '';
    return reply.redirect(`${base}/ui/login?${params}${hash}`, 302);
  }

  app.get<{ Params: { provider: string }; Querystring: { return?: unknown } }>(
    '/auth/:provider',
    async (request, reply) => {
      const name = request.params.provider;
      if (!isProvider(name)) return toLogin(reply, 'not_configured');
      const returnPath = safeReturnPath(request.query.return, base);
      let configuration: client.Configuration;
      try {
        configuration = await clients.get(name);
      } catch (error) {
        request.log.warn(
          { err: error, provider: name },
          'sign-in start failed: provider unavailable',
        );
        return toLogin(reply, 'provider_unavailable', returnPath);
      }
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const pendingId = await sessions.savePendingSignIn({
        provider: name,
        state,
        nonce,
        codeVerifier,
        returnPath,
      });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(name),
        scope: clients.settings[name].scopes.join(' '),
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      reply.setCookie(SIGN_IN_COOKIE, pendingId, { ...signInCookie, maxAge: 600 });
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.href, 302);
    },
  );

  app.get<{ Params: { provider: string } }>('/auth/:provider/callback', async (request, reply) => {
    const name = request.params.provider;
    if (!isProvider(name)) return toLogin(reply, 'not_configured');
    reply.clearCookie(SIGN_IN_COOKIE, signInCookie);
    reply.header('cache-control', 'no-store');
    const pendingId = request.cookies[SIGN_IN_COOKIE];
    const pending = pendingId ? await sessions.takePendingSignIn(pendingId) : null;
    if (!pending || pending.provider !== name) {
      request.log.warn(
        { provider: name },
        'sign-in callback refused: no matching sign-in (expired, replayed or forged)',
      );
      options.onSignIn?.(name, false);
      return toLogin(reply, 'invalid_state');
    }
    const query = request.query as Record<string, unknown>;
    if (typeof query.error === 'string') {
      request.log.info({ provider: name, error: query.error }, 'sign-in ended by the provider');
      options.onSignIn?.(name, false);
      return toLogin(
        reply,
        query.error === 'access_denied' ? 'access_denied' : 'sign_in_failed',
        pending.returnPath,
      );
    }
    if (query.state !== pending.state) {
      request.log.warn({ provider: name }, 'sign-in callback refused: state does not match');
      options.onSignIn?.(name, false);
      return toLogin(reply, 'invalid_state');
    }
    try {
      const configuration = await clients.get(name);
      const tokens = await client.authorizationCodeGrant(
        configuration,
        new URL(request.url, config.publicUrl),
        {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
      );
      let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
      const names = clients.settings[name].claims;
      if (claims[names.displayName] === undefined || claims[names.email] === undefined) {
        const info = await client.fetchUserInfo(
          configuration,
          tokens.access_token,
          String(claims.sub),
        );
        claims = { ...info, ...claims };
      }
      const user = signInUser(name, clients.settings[name], claims);
      const previous = request.sessionId;
      if (previous) await sessions.destroy(previous);
      const sessionId = await sessions.create(user, tokens.id_token);
      reply.setCookie(config.sessions.cookieName, sessionId, {
        ...cookieBase(config),
        httpOnly: true,
      });
      issueXsrfCookie(reply, config);
      request.log.info({ provider: name, kind: user.kind }, 'signed in');
      options.onSignIn?.(name, true);
      return reply.redirect(pending.returnPath, 302);
    } catch (error) {
      options.onSignIn?.(name, false);
      if (error instanceof ProviderUnavailableError) {
        request.log.warn({ err: error }, 'sign-in callback failed: provider unavailable');
        return toLogin(reply, 'provider_unavailable', pending.returnPath);
      }
      if (error instanceof ClaimsRefusedError) {
        request.log.warn({ provider: name, reason: error.message }, 'sign-in refused');
        return toLogin(reply, 'sign_in_failed', pending.returnPath);
      }
      const failure = classifyCallbackError(error);
      request.log.warn(
        { err: error, provider: name, reason: failure.reason },
        'sign-in callback failed',
      );
      return toLogin(reply, failure.code, pending.returnPath);
    }
  });

  const publicOrigin = new URL(config.publicUrl).origin;

  /** Ends the session; answers where to go next (the provider's end-session, or the login page). */
  async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const loginPage = `${base}/ui/login`;
    reply.header('cache-control', 'no-store');
    const id = request.sessionId;
    const user = request.user;
    reply.clearCookie(config.sessions.cookieName, { ...cookieBase(config), httpOnly: true });
    if (!id || !user) return loginPage;
    const record = await sessions.resume(id);
    await sessions.destroy(id);
    request.log.info({ provider: user.provider, kind: user.kind }, 'signed out');
    try {
      const configuration = await clients.get(user.provider);
      if (configuration.serverMetadata().end_session_endpoint) {
        const params: Record<string, string> = {
          post_logout_redirect_uri: `${config.publicUrl}${loginPage}`,
        };
        if (record?.idToken) params.id_token_hint = record.idToken;
        else params.client_id = clients.settings[user.provider].clientId;
        return client.buildEndSessionUrl(configuration, params).href;
      }
    } catch (error) {
      request.log.warn(
        { err: error },
        'logout: identity provider session not ended (provider unavailable)',
      );
    }
    return loginPage;
  }

  // SPEC's Logout link is a plain GET: it signs out only when a portal page followed it. Any
  // other site's link gets a "Sign out?" page whose button posts with the XSRF header. No HEAD
  // route: a probe must not sign anyone out.
  app.get('/logout', { exposeHeadRoute: false }, async (request, reply) => {
    const user = request.user;
    if (user && !isSameOriginRequest(request.headers, publicOrigin)) {
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', SIGN_OUT_PAGE_CSP)
        .header('x-frame-options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(
          renderSignOutPage({
            basePath: base,
            productName: config.brand.productName,
            companyName: config.brand.companyName,
            displayName: user.displayName,
            year: new Date().getFullYear(),
          }),
        );
    }
    return reply.redirect(await signOut(request, reply), 302);
  });

  app.post('/logout', async (request: FastifyRequest, reply: FastifyReply) => {
    const answer: SignOutAnswer = { location: await signOut(request, reply) };
    return reply.send(answer);
  });
}
