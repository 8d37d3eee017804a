import { z } from 'zod';

/**
 * `analytics.gapWebhook`: the content-gap list sent once a day as signed JSON. HTTPS only (the
 * list names queries and pages); the secret signs every delivery (HMAC-SHA256).
 */
export const GapWebhookSchema = z.strictObject({
  url: z
    .string()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, 'must be an https:// address without user name or password'),
  secret: z
    .string()
    .min(24, 'must be at least 24 characters (a random secret)')
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  /** The hour (UTC, 0-23) at which the previous day's list is sent (default 6). */
  hourUtc: z.number().int().min(0).max(23).default(6),
});

/** The validated `analytics.gapWebhook` setting. */
export type GapWebhookConfig = z.infer<typeof GapWebhookSchema>;
