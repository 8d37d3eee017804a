import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { PortalConfig } from '../config/schema';
import { PortalError } from '../errors/PortalError';
import { cookieBase } from '../sessions/sessionPlugin';

/** Cookie the web app reads (SPEC.md section 9). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Header the web app copies the cookie into on non-GET requests. */
export const XSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Issues a fresh XSRF token cookie (also used to rotate it at sign-in). */
export function issueXsrfCookie(reply: FastifyReply, config: PortalConfig): void {
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
    ...cookieBase(config),
    httpOnly: false,
  });
}

/**
 * Double-submit XSRF protection for the context it is registered in: every request without the
 * cookie gets one, and every non-GET request must echo it in X-XSRF-TOKEN, else 403
 * `xsrf_mismatch`.
 *
 * Register it inside the portal's prefixed context, never at the root with a test on the URL: the
 * router decodes the path (`/%64ocs/...`) and accepts absolute-form targets (`http://host/docs/...`),
 * so a string test on the raw URL can be walked around, while the hooks of a prefixed context run
 * for every route it holds and, through its not-found handler, for unmatched paths under the prefix.
 */
export const xsrfPlugin = fp<{ config: PortalConfig }>(
  async (app: FastifyInstance, { config }) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (SAFE_METHODS.has(request.method)) {
        if (!cookie) issueXsrfCookie(reply, config);
        return;
      }
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        throw new PortalError(
          'xsrf_mismatch',
          'This request is missing a valid X-XSRF-TOKEN header matching the XSRF-TOKEN cookie.',
        );
      }
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);
