import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalConfig } from './schema';

function isLoopbackAddress(hostname: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return String(request.headers.accept ?? '').includes('text/html');
}

/**
 * An `onRequest` hook for development: a browser that opens the portal by a loopback address
 * (`http://127.0.0.1:<port>/...`) while its public URL is `http://localhost:<port>` is sent to the
 * same path on the public URL first. Sign-in callbacks, the development identity provider's issuer
 * and the cookies all belong to one host, so signing in from the other would fail. Only page
 * navigations move; API calls and probes are answered where they arrive. Returns null when the
 * hook has nothing to do (production, or a public URL that is not localhost).
 */
export function loopbackRedirect(
  config: Pick<PortalConfig, 'mode' | 'publicUrl'>,
): ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>) | null {
  const publicUrl = new URL(config.publicUrl);
  if (config.mode !== 'development' || publicUrl.hostname !== 'localhost') return null;
  const port = publicUrl.port || (publicUrl.protocol === 'https:' ? '443' : '80');
  return async (request, reply) => {
    if (!isNavigation(request)) return undefined;
    let requested: URL;
    try {
      requested = new URL(`http://${request.headers.host ?? ''}`);
    } catch {
      return undefined;
    }
    if (!isLoopbackAddress(requested.hostname) || (requested.port || '80') !== port) {
      return undefined;
    }
    // The target's origin is the configured one; only the path comes from the request.
    return reply.redirect(`${publicUrl.origin}${request.url}`, 302);
  };
}
