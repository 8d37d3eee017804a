import { createServer } from 'node:net';
import { checkDataDir } from './config/checkDataDir';
import { ConfigError, loadConfig } from './config/loadConfig';
import type { PortalConfig } from './config/schema';
import { buildApp } from './app';

/** A port the OS reports free on `host` now (for `port: 0` when the public URL derives from it). */
async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * With `port: 0` and a public URL derived from the port, the port is chosen before the portal is
 * built: callbacks and the development identity provider's issuer must name the real one.
 */
async function settlePort(config: PortalConfig): Promise<PortalConfig> {
  if (config.port !== 0 || config.publicUrlFrom !== 'port') return config;
  const port = await freePort(config.host);
  return { ...config, port, publicUrl: `http://localhost:${port}` };
}

/** Reads config, builds the portal and listens; exits non-zero with every config problem listed. */
async function main(): Promise<void> {
  let config: PortalConfig;
  try {
    const loaded = loadConfig();
    checkDataDir(loaded.config.dataDir, {
      source: loaded.file ?? 'config',
      fromEnv: Boolean(process.env.DATA_DIR),
    });
    config = await settlePort(loaded.config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
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
