import { runCli } from './runCli';

/**
 * The portal's command line: `publish`, `rollback`, `list` (see COMMANDS). Ctrl-C during a publish
 * cancels it cleanly: the release being built is removed and the served one stays.
 */
async function main(): Promise<void> {
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    signal: interrupt.signal,
  });
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
}

void main();
