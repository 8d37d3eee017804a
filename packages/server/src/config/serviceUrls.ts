import { z } from 'zod';

/**
 * A URL with one of `protocols`, checked when the config is read so that a typo names its field
 * instead of surfacing later as a driver's "Invalid URL".
 */
export function serviceUrl(protocols: readonly string[], example: string) {
  const message = `must be a ${protocols.map((p) => `${p}://`).join(' or ')} URL, e.g. ${example}`;
  return z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
    } catch {
      return false;
    }
  }, message);
}

/** `redis://` or `rediss://` (TLS) URL of a Redis server. */
export const redisUrlSchema = serviceUrl(['redis', 'rediss'], 'redis://127.0.0.1:6379');

/** `postgres://` URL of a PostgreSQL database. */
export const postgresUrlSchema = serviceUrl(
  ['postgres', 'postgresql'],
  'postgres://portal@127.0.0.1:5432/portal',
);

/**
 * The origin readers use (`http(s)://host[:port]`, nothing after it), normalised without a
 * trailing slash so callbacks can be appended to it.
 */
export const publicOriginSchema = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && `${url.origin}/` === url.href
      );
    } catch {
      return false;
    }
  }, 'must be an http(s) origin without a path, e.g. https://docs.example.com')
  .transform((value) => new URL(value).origin);
