import { ConfigError, loadConfig } from './config/loadConfig';
import { buildApp } from './app';

/** Reads config, builds the portal and listens; exits non-zero with every config problem listed. */
async function main(): Promise<void> {
  let loaded;
  try {
    loaded = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { config } = loaded;
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting anyway');
      process.exit(1);
    }, 10_000).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Docs Portal ready at ${config.publicUrl}${config.basePath}/ui/`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Docs Portal failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
