import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PortalConfig } from '../config/schema';

/**
 * Framing rule for every answer: only the portal's own pages may frame its pages (the search page
 * frames the search clients). Sent alone on doc pages, so generators' own scripts keep running.
 */
export const FRAME_ANCESTORS = "frame-ancestors 'self'";

/**
 * Readers' paths and queries stay inside the portal: other sites see no referrer at all. Not sent
 * on redirects: there it would become the policy of the redirected request and drop the referrer
 * the reader arrived with (the login page needs the support site's, SPEC.md section 4).
 */
export const REFERRER_POLICY = 'same-origin';

/** One year of HTTPS only, for a portal whose public URL is https (subdomains are not ours). */
export const HSTS = 'max-age=31536000';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The headers every answer of a portal with `publicUrl` carries, unless a route set its own. */
export function securityHeaderValues(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': REFERRER_POLICY,
    'content-security-policy': FRAME_ANCESTORS,
  };
  if (publicUrl.startsWith('https://')) headers['strict-transport-security'] = HSTS;
  return headers;
}

/**
 * The one place that sets the portal's response security headers, on every answer (doc pages,
 * JSON, the web app, the search clients, redirects and errors): `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: SAMEORIGIN`, `Referrer-Policy: same-origin` (not on redirects), a Content-Security-Policy of
 * `frame-ancestors 'self'` (added to a route's own policy when that has no frame-ancestors), and
 * HSTS when the public URL is https. A header a route already set is kept, so a page may be
 * stricter (the sign-out page forbids all framing). With X-Accel-Redirect, nginx repeats these
 * values from the portal's answer (deploy/nginx/docs-portal.conf.template).
 */
export const securityHeaders = fp<{ config: PortalConfig }>(
  async (app: FastifyInstance, { config }) => {
    const values = Object.entries(securityHeaderValues(config.publicUrl));
    app.addHook('onSend', async (_request, reply, payload) => {
      const redirect = REDIRECTS.has(reply.statusCode);
      for (const [name, value] of values) {
        if (redirect && name === 'referrer-policy') continue;
        const current = reply.getHeader(name);
        if (current === undefined) reply.header(name, value);
        else if (name === 'content-security-policy' && !/frame-ancestors/i.test(String(current)))
          reply.header(name, `${String(current)}; ${FRAME_ANCESTORS}`);
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
