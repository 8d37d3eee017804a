/**
 * A sliding-window limit of requests per reader, kept in this process's memory (a replica counts
 * its own requests: readers usually stay on one, and a limit per replica still bounds the total).
 * Readers are named by an opaque key (a hash), never by who they are.
 */
export class ReaderRateLimit {
  private readonly hits = new Map<string, number[]>();

  /**
   * @param max requests allowed per reader within `windowMs`
   * @param windowMs the window's length in milliseconds
   */
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request of `reader`; false when it is over the limit (and then it is not counted). */
  allow(reader: string): boolean {
    const now = this.now();
    const since = now - this.windowMs;
    const recent = (this.hits.get(reader) ?? []).filter((at) => at > since);
    if (recent.length >= this.max) {
      this.hits.set(reader, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(reader, recent);
    if (this.hits.size > 10_000) this.forgetIdle(since);
    return true;
  }

  private forgetIdle(since: number): void {
    for (const [reader, times] of this.hits) {
      if (times.every((at) => at <= since)) this.hits.delete(reader);
    }
  }
}
