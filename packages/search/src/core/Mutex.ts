/**
 * A first-come first-served lock for async work that must not interleave (one database
 * connection used by several concurrent requests).
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Runs `work` once every earlier holder has finished; returns its result. */
  async run<T>(work: () => Promise<T> | T): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await work();
    } finally {
      release();
    }
  }
}
