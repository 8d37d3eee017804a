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
  const terminal = process.stderr.isTTY;
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    // On a terminal, a diagnostic first wipes the status line it would otherwise be appended to.
    err: (line) => process.stderr.write(`${terminal ? '\r\x1b[2K' : ''}${line}\n`),
    signal: interrupt.signal,
    ...(terminal ? { status: (line: string) => process.stderr.write(`\r\x1b[2K${line}`) } : {}),
  });
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
}

void main();
