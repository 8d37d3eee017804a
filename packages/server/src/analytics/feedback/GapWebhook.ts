import { createHmac } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import type { DocSetConfig } from '../../config/schema';
import type { GapWebhookConfig } from '../../config/gapWebhookSchema';
import type { AnalyticsStore } from '../AnalyticsStore';
import { loadContentGaps } from './contentGaps';
import { readableDocSets } from './gapQuery';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Header carrying `sha256=<hex HMAC-SHA256 of the raw body with the shared secret>`. */
export const GAP_WEBHOOK_SIGNATURE_HEADER = 'x-docs-portal-signature';
/** Waits before the 2nd, 3rd, ... attempt of a delivery (ms): 1 min, 5 min, 30 min. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000];

/** Where the sender reports what happened (a pino / Fastify logger fits). */
export interface GapWebhookLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/** Options of a {@link GapWebhook}. */
export interface GapWebhookOptions extends GapWebhookConfig {
  store: AnalyticsStore;
  docSets: readonly DocSetConfig[];
  /** The portal's base path, for the page addresses of the samples (default `/docs`). */
  basePath?: string;
  logger?: GapWebhookLogger;
  /** Extra trusted certificate authorities (tests with a self-signed server). */
  ca?: string | Buffer;
  /** See {@link DEFAULT_RETRY_DELAYS_MS}. */
  retryDelaysMs?: readonly number[];
  /** Now (tests). */
  now?: () => Date;
}

/** The signature header value of `body` under `secret`. */
export function signGapDelivery(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Sends the previous day's content-gap list (across every doc set employees may read) once a day
 * at `hourUtc` as JSON to an HTTPS address, signed with HMAC-SHA256 of the body. A failed
 * delivery (no answer, not 2xx) is retried with growing waits; nothing of it runs on a request's
 * path. Replicas sharing a store claim the day first, so one of them sends.
 */
export class GapWebhook {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly now: () => Date;
  private readonly delays: readonly number[];

  constructor(private readonly options: GapWebhookOptions) {
    this.now = options.now ?? (() => new Date());
    this.delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Schedules the daily delivery (the timer never keeps the process alive). */
  start(): void {
    if (this.closed) return;
    const now = this.now().getTime();
    const today = now - (now % DAY_MS);
    let next = today + this.options.hourUtc * 60 * 60 * 1000;
    if (next <= now) next += DAY_MS;
    this.timer = setTimeout(() => {
      const day = new Date(next - DAY_MS).toISOString().slice(0, 10);
      void this.deliver(day).finally(() => this.start());
    }, next - now);
    this.timer.unref();
  }

  /** Stops the schedule and any retry still waiting. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  /** The JSON body of the delivery of `day` (`YYYY-MM-DD`, UTC). */
  async body(day: string): Promise<string> {
    const from = new Date(`${day}T00:00:00Z`);
    const range = { from, to: new Date(from.getTime() + DAY_MS) };
    const readable = readableDocSets({ kind: 'employee' }, this.options.docSets);
    const gaps = await loadContentGaps(
      this.options.store,
      range,
      readable,
      this.options.basePath ?? '/docs',
    );
    return JSON.stringify({ type: 'content-gaps', day, sentAt: this.now().toISOString(), gaps });
  }

  /**
   * Claims `day` and sends its list, retrying as configured; resolves true once delivered, false
   * when another replica claimed it or every attempt failed (logged). Never rejects.
   */
  async deliver(day: string): Promise<boolean> {
    const log = this.options.logger;
    try {
      if (!(await this.options.store.claimGapDelivery(day))) return false;
      const body = await this.body(day);
      for (let attempt = 0; ; attempt += 1) {
        const problem = await this.post(body);
        if (problem === null) {
          log?.info({ day, attempt: attempt + 1 }, 'content-gap list delivered');
          return true;
        }
        const wait = this.delays[attempt];
        if (wait === undefined || this.closed) {
          log?.warn({ day, problem }, 'content-gap list not delivered; giving up for the day');
          return false;
        }
        log?.warn({ day, problem, retryInMs: wait }, 'content-gap delivery failed; retrying');
        await new Promise((resolve) => {
          this.timer = setTimeout(resolve, wait);
          this.timer.unref();
        });
      }
    } catch (error) {
      log?.warn({ err: error, day }, 'content-gap list could not be prepared');
      return false;
    }
  }

  /** One attempt: null when the address answered 2xx, else what went wrong (no body echoed). */
  private post(body: string): Promise<string | null> {
    return new Promise((resolve) => {
      const request = httpsRequest(
        this.options.url,
        {
          method: 'POST',
          ca: this.options.ca,
          timeout: 10_000,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'docs-portal-gap-webhook',
            [GAP_WEBHOOK_SIGNATURE_HEADER]: signGapDelivery(body, this.options.secret),
          },
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          resolve(status >= 200 && status < 300 ? null : `answered ${status}`);
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
      request.on('error', (error) => resolve(error.message));
      request.end(body);
    });
  }
}
