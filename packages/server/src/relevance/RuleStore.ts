import type { RuleVersion, SearchRule } from '@docs-portal/contracts';

/** A published version without its rules, for the history list. */
export interface RuleVersionSummary {
  version: number;
  publishedAt: string;
  publishedBy: string;
  /** Number of rules in it. */
  rules: number;
  /** The version it restored, when it is a roll-back. */
  restoredFrom: number | null;
}

/** Another publish happened since the editor's version: nothing was written. */
export class RuleVersionConflictError extends Error {
  override name = 'RuleVersionConflictError';
}

/**
 * Published relevance rules, versioned: every publish (or roll-back) adds a version, older ones
 * are kept. SQLite in the data folder (embedded) or PostgreSQL (cluster mode, shared by replicas).
 */
export interface RuleStore {
  /** Backend id. */
  readonly kind: string;
  /** Number of the newest version (0 when nothing was ever published): cheap, polled by replicas. */
  latestVersion(): Promise<number>;
  /** A version with its rules, or null. Version 0 is the empty set. */
  get(version: number): Promise<RuleVersion | null>;
  /** The newest versions, newest first. */
  history(limit: number): Promise<RuleVersionSummary[]>;
  /**
   * Publishes `rules` as version `basedOn + 1`.
   * @throws RuleVersionConflictError when `basedOn` is no longer the newest version.
   */
  publish(
    rules: readonly SearchRule[],
    by: string,
    basedOn: number,
    restoredFrom?: number,
  ): Promise<RuleVersion>;
  /** Releases the file or connections. */
  close(): Promise<void>;
}

/** The empty rule set every deployment starts with. */
export const NO_RULES: RuleVersion = {
  version: 0,
  publishedAt: new Date(0).toISOString(),
  publishedBy: '',
  rules: [],
};
