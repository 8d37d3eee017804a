import type { RuleVersion } from '@docs-portal/contracts';
import {
  compileRules,
  type CompiledRules,
  type SearchEngine,
  type SearchOptions,
} from '@docs-portal/search';
import type { RuleStore } from './RuleStore';

/** Logs what a replica could not do (e.g. `app.log`). */
interface Logger {
  warn(object: unknown, message: string): void;
}

/** Default time between two checks of the newest published version. */
export const DEFAULT_RULE_POLL_MS = 2_000;

/**
 * The rules in force on this replica: the newest published version, compiled once. Every replica
 * checks the store's newest version number every `pollMs` and loads a new version when it
 * appears, so a publish on any replica takes effect everywhere within a poll. While the store is
 * unreachable the last loaded version stays in force.
 */
export class LiveRules {
  private active: { version: RuleVersion; compiled: CompiledRules } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly store: RuleStore,
    private readonly options: { pollMs?: number; logger?: Logger } = {},
  ) {}

  /** Loads the newest version and starts polling. */
  async start(): Promise<void> {
    await this.refresh().catch((error: unknown) =>
      this.options.logger?.warn({ err: error }, 'relevance rules: could not load'),
    );
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.options.logger?.warn(
          { err: error },
          'relevance rules: could not check for a new version',
        ),
      );
    }, this.options.pollMs ?? DEFAULT_RULE_POLL_MS);
    this.timer.unref();
  }

  /** Version in force (0: none). */
  get version(): number {
    return this.active?.version.version ?? 0;
  }

  /** Compiled rules in force (undefined when there are none). */
  get compiled(): CompiledRules | undefined {
    return this.active?.compiled;
  }

  /** Checks the store now and loads a newer version (one check at a time). */
  refresh(): Promise<void> {
    this.checking ??= (async () => {
      try {
        const latest = await this.store.latestVersion();
        if (latest === this.version && this.active !== undefined) return;
        const version = await this.store.get(latest);
        if (version !== null) this.active = { version, compiled: compileRules(version.rules) };
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  /** Stops polling. */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
  }
}

/** `engine`, with the rules in force applied to every search that names no rules of its own. */
export function withLiveRules(engine: SearchEngine, live: LiveRules): SearchEngine {
  return {
    id: engine.id,
    search: (request, access, options?: SearchOptions) =>
      engine.search(request, access, { rules: live.compiled, ...options }),
    suggest: (request, access) => engine.suggest(request, access),
    indexedDocSets: () => engine.indexedDocSets(),
    indexedPages: (docSetId) => engine.indexedPages(docSetId),
    applyDocSetChanges: (change, options) => engine.applyDocSetChanges(change, options),
    warm: () => engine.warm(),
    removeDocSet: (docSetId, options) => engine.removeDocSet(docSetId, options),
    stats: () => engine.stats(),
    ping: () => engine.ping(),
    ...(engine.resultCacheStats ? { resultCacheStats: () => engine.resultCacheStats!() } : {}),
    close: () => engine.close(),
  };
}
