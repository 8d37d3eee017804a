/**
 * Retries `check` until it resolves, for conditions no event announces (a pool that will open a
 * fresh connection on its next query): rejects with the last failure after `timeoutMs`.
 */
export async function eventually<T>(
  check: () => Promise<T>,
  { timeoutMs = 10_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** How long `work` took to settle, in ms, and whether it rejected. */
export async function timed(
  work: () => Promise<unknown>,
): Promise<{ ms: number; rejected: boolean; error?: unknown }> {
  const started = performance.now();
  try {
    await work();
    return { ms: performance.now() - started, rejected: false };
  } catch (error) {
    return { ms: performance.now() - started, rejected: true, error };
  }
}
