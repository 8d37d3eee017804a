import { Redis, ReplyError } from 'ioredis';
import { ConnectionStateLog, type DependencyLogger } from '../../ops/ConnectionStateLog';
import type { SessionStore } from '../SessionStore';

/** Where and how the Redis session store connects. */
export interface RedisSessionStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  /** Prepended to every key, so several portals (or test runs) can share one Redis. */
  keyPrefix?: string;
  /** A command without an answer after this long fails, so a request can answer 503 (ms). */
  commandTimeoutMs?: number;
  /** Opening a connection fails after this long (ms). */
  connectTimeoutMs?: number;
  /** Longest pause between reconnection attempts while Redis is away (ms). */
  maxReconnectDelayMs?: number;
  /** Where connection losses and recoveries are logged. */
  logger?: DependencyLogger;
}

/** Default key prefix of the portal's session records. */
export const DEFAULT_REDIS_KEY_PREFIX = 'docs-portal:sessions:';

/**
 * Session store in Redis, for several replicas sharing sessions. Records are JSON strings that
 * Redis itself expires at their absolute expiry (`SET ... PXAT`); `take` is one `GETDEL`, atomic
 * on the server. While Redis is unreachable, commands fail at once instead of queueing (the
 * request answers 503), and the client keeps reconnecting in the background: no restart is needed
 * when Redis is back.
 */
export class RedisSessionStore implements SessionStore {
  readonly kind = 'redis';
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly state: ConnectionStateLog;
  private closed = false;

  /** Connects in the background; see `open` to wait for the first connection. */
  constructor(options: RedisSessionStoreOptions) {
    this.prefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
    this.state = new ConnectionStateLog(options.logger, 'redis session store');
    const maxDelay = options.maxReconnectDelayMs ?? 1_000;
    this.redis = new Redis(options.url, {
      // Fail fast instead of holding commands until Redis is back: readers get a 503 now.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
      connectTimeout: options.connectTimeoutMs ?? 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 100, maxDelay),
      keepAlive: 10_000,
      connectionName: 'docs-portal',
    });
    // Without a listener an 'error' event would crash the process; the failed command already
    // reaches its caller, so the listener only logs.
    this.redis.on('error', (error: unknown) => this.state.failed(error));
    this.redis.on('close', () => {
      if (!this.closed) this.state.failed(new Error('connection closed'));
    });
    this.redis.on('ready', () => this.state.connected());
  }

  /**
   * A store whose first connection is up.
   * @throws Error naming the URL's host when Redis does not answer within the connect timeout.
   */
  static async open(options: RedisSessionStoreOptions): Promise<RedisSessionStore> {
    const store = new RedisSessionStore(options);
    try {
      await store.ready(options.connectTimeoutMs ?? 2_000);
      return store;
    } catch (error) {
      await store.close();
      const host = new URL(options.url).host;
      throw new Error(
        `sessions.store (redis): cannot reach Redis at ${host}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }

  private async ready(timeoutMs: number): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onReady = () => finish();
      const onError = (error: Error) => finish(error);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('error', onError);
        if (error) reject(error);
        else resolve();
      };
      this.redis.on('ready', onReady);
      this.redis.on('error', onError);
    });
  }

  /**
   * Runs one command, recording its outcome in the outage log: a command that fails or times out
   * while the socket still looks open (a hung network) starts an outage too.
   */
  private async command<T>(send: (redis: Redis) => Promise<T>): Promise<T> {
    try {
      const result = await send(this.redis);
      this.state.connected();
      return result;
    } catch (error) {
      if (!(error instanceof ReplyError) && !this.closed) this.state.failed(error);
      throw error;
    }
  }

  async get(key: string): Promise<unknown> {
    const raw = await this.command((redis) => redis.get(this.prefix + key));
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }

  async set(key: string, value: unknown, expiresAt: number): Promise<void> {
    const at = Math.floor(expiresAt);
    // An expiry in the past replaces the record with nothing, which is what a reader would see.
    if (at <= Date.now()) {
      await this.command((redis) => redis.del(this.prefix + key));
      return;
    }
    await this.command((redis) => redis.set(this.prefix + key, JSON.stringify(value), 'PXAT', at));
  }

  async delete(key: string): Promise<void> {
    await this.command((redis) => redis.del(this.prefix + key));
  }

  async take(key: string): Promise<unknown> {
    const raw = await this.command((redis) => redis.getdel(this.prefix + key));
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }

  /** Redis removes expired keys itself: nothing is left to purge. */
  async purgeExpired(): Promise<number> {
    return 0;
  }

  async ping(): Promise<void> {
    await this.command((redis) => redis.ping());
  }

  /** Closes the connection (politely when it is up) and stops reconnecting. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit();
        return;
      } catch {
        // Fall through: the connection went away while quitting.
      }
    }
    this.redis.disconnect();
  }
}
