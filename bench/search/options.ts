// Command-line options of the search benches: `--name value`.

/** The value after `--name` on the command line; `fallback` (or undefined) when there is none. */
export function option(name: string): string | undefined;
export function option(name: string, fallback: string): string;
export function option(name: string, fallback?: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

/** The number after `--name` on the command line; `fallback` when there is none. */
export function numberOption(name: string, fallback: number): number {
  return Number(option(name) ?? fallback);
}
