/** Something `/readyz` asks: resolves when it can serve, rejects otherwise. */
export interface ReadinessCheck {
  /** Name in the answer (`sessions`, `search`). */
  name: string;
  /** Resolves when the dependency answers. */
  ping(): Promise<void>;
}

/**
 * The outcome of one check: answered; still on its way to ready (a start-up task running, see
 * {@link NotReadyYet}); answered with an error; or did not answer in time.
 */
export type CheckOutcome = 'ok' | 'pending' | 'failed' | 'timeout';

/**
 * Thrown by a check that is not broken but not ready yet (the search index catching up after
 * start-up), so `/readyz` says `pending` and an operator does not look for a fault.
 */
export class NotReadyYet extends Error {
  override readonly name = 'NotReadyYet';
}

/** The outcome of every check, and why the failed ones failed (for the log, not the client). */
export interface Readiness {
  /** True when every check answered `ok`. */
  ready: boolean;
  /** Check name → outcome. */
  checks: Record<string, CheckOutcome>;
  /** Check name → error message, for the checks that did not answer `ok`. */
  reasons: Record<string, string>;
}

/**
 * Pings every dependency at once, each bounded by `timeoutMs`, so a probe answers quickly even
 * when a server accepts connections but never answers.
 */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs: number,
): Promise<Readiness> {
  const outcomes = await Promise.all(
    checks.map(async (check) => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const pinged = check.ping().then(
        () => ({ outcome: 'ok' as const }),
        (error: unknown) => ({
          outcome: error instanceof NotReadyYet ? ('pending' as const) : ('failed' as const),
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
      const result = await Promise.race([pinged, timedOut]);
      clearTimeout(timer);
      if (result === 'timeout') {
        return { name: check.name, outcome: result, reason: `no answer within ${timeoutMs} ms` };
      }
      return { name: check.name, ...result };
    }),
  );
  const readiness: Readiness = { ready: true, checks: {}, reasons: {} };
  for (const { name, outcome, reason } of outcomes) {
    readiness.checks[name] = outcome;
    if (outcome !== 'ok') {
      readiness.ready = false;
      readiness.reasons[name] = reason ?? outcome;
    }
  }
  return readiness;
}
