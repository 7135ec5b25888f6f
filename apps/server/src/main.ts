import { ConfigError, loadConfig } from './config.ts';
import { createRuntime } from './bootstrap.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const { app, deps } = await createRuntime(config);
  const address = await app.listen({ host: config.HOST, port: config.PORT });

  const db = deps.dbKind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `Tracehub console: ${address.replace('0.0.0.0', '127.0.0.1')}`,
    `API docs:         ${address}/api/docs`,
    `Database:         ${db}`,
    `Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(14)} ${a.note}`),
    '',
  ];
  console.log(lines.join('\n'));

  // Graceful shutdown: stop accepting, finish in-flight requests, close the database, then exit.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('Tracehub failed to start:', err);
  process.exit(1);
});
