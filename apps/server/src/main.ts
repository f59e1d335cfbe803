import { buildApp } from './app';
import { ConfigError, loadConfig, paymentsTestMode } from './config';
import { MigrationError } from './db/migrate';
import { DRAIN_TIMEOUT_MS } from './plugins/drain';
import { prepareAccounts } from './scripts/start-accounts';

/** Closing waits up to DRAIN_TIMEOUT_MS for running requests, then closes the rest; past this, exit. */
const SHUTDOWN_GRACE_MS = DRAIN_TIMEOUT_MS + 5_000;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const ctx = app.ctx;

  const refusal = await prepareAccounts(app);
  if (refusal) {
    app.log.fatal(refusal);
    await app.close();
    process.exit(1);
  }
  if (paymentsTestMode(config)) {
    app.log.warn(
      { payment_provider: config.paymentProvider, crypto_topup: config.cryptoTopUp },
      config.paymentProvider === 'sandbox'
        ? 'payments are simulated (sandbox): nothing is charged and no money is received; the app shows a test-mode ribbon'
        : 'crypto top-ups are simulated (CRYPTO_TOPUP=sandbox): nothing is received; the app shows a test-mode ribbon',
    );
  }

  await app.listen({ port: config.port, host: config.host });
  ctx.jobs.start();
  ctx.queue.start();
  app.log.info(`Parlor is serving on ${config.publicUrl} (database: ${ctx.database.kind})`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // A promise nobody waited on that failed is a bug to log, not a reason to take every user's
  // connection down with the process (Node's default would exit).
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  // A configuration refused or a migration that failed says what in one line; anything else shows its stack.
  console.error(err instanceof ConfigError || err instanceof MigrationError ? err.message : err);
  process.exit(1);
});
