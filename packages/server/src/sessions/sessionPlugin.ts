import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PortalConfig } from '../config/schema';
import { PortalError } from '../errors/PortalError';
import type { SessionService, SessionUser } from './SessionService';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in reader, or null. Loaded once per request from the session cookie. */
    user: SessionUser | null;
    /** The id of the reader's live session, or null. */
    sessionId: string | null;
  }
}

/** Options of the session plugin. */
export interface SessionPluginOptions {
  config: PortalConfig;
  sessions: SessionService;
}

/** Cookie attributes shared by the portal's cookies. */
export function cookieBase(config: PortalConfig) {
  return {
    path: config.basePath,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
  };
}

/**
 * Loads the reader's session on every request of the encapsulating context and exposes it as
 * `request.user`. A cookie naming no live session is cleared.
 */
export const sessionPlugin = fp<SessionPluginOptions>(
  async (app: FastifyInstance, { config, sessions }) => {
    const cookieName = config.sessions.cookieName;
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request, reply) => {
      const id = request.cookies[cookieName];
      if (!id) return;
      const record = await sessions.resume(id);
      if (record) {
        request.user = record.user;
        request.sessionId = id;
      } else {
        reply.clearCookie(cookieName, cookieBase(config));
      }
    });
  },
  { name: 'sessions' },
);

/** preHandler for API routes: answers 401 JSON unless a reader is signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new PortalError('unauthenticated', 'Sign in to use this service.');
}
