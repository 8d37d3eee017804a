/**
 * `done` units at their rate so far, and the time left when the total is known:
 * `412 files/s, ETA 3 s`. Before a measurable rate, only the counts are known: `ETA ?`.
 */
export function rateAndEta(
  done: number,
  total: number | null,
  elapsedMs: number,
  unit: string,
): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const shown = `${Math.round(rate)} ${unit}/s`;
  if (total === null) return shown;
  const eta = rate > 0 ? `${Math.ceil((total - done) / rate)} s` : '?';
  return `${shown}, ETA ${eta}`;
}

/**
 * The status line a long command (publish, reindex) rewrites in place on a terminal. Updates are
 * rate-limited, and each phase (copying, preparing, a doc set's reading...) is timed from its first
 * update, so rates and ETAs describe the phase at hand. Without a terminal (`write` undefined) it
 * shows nothing: the command prints one summary line at the end instead.
 */
export class ProgressLine {
  private phase: string | null = null;
  private phaseStarted = 0;
  private lastShown = -Infinity;
  private shown = false;

  constructor(
    /** Rewrites the terminal's status line (see CliContext.status); undefined off a terminal. */
    private readonly write: ((line: string) => void) | undefined,
    private readonly intervalMs = 200,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Shows the state of `phase`: `render` gets the time spent in the phase so far and returns the
   * line. Called often; the line is redrawn at most every `intervalMs`, and always when the phase
   * changes or `final` is set (its last count).
   */
  update(phase: string, render: (elapsedMs: number) => string, final = false): void {
    const now = this.now();
    const changed = phase !== this.phase;
    if (changed) {
      this.phase = phase;
      this.phaseStarted = now;
    }
    if (!this.write || (!changed && !final && now - this.lastShown < this.intervalMs)) return;
    this.lastShown = now;
    this.shown = true;
    this.write(render(now - this.phaseStarted));
  }

  /** Removes the status line, before the summary is printed. */
  clear(): void {
    if (this.shown) this.write?.('');
    this.shown = false;
  }
}
