import { buildApp } from './app';
import { loadConfig, paymentsTestMode } from './config';
import { usersRepository } from './modules/users/repository';
import { DRAIN_TIMEOUT_MS } from './plugins/drain';
import { ensureAdmin } from './scripts/admin';
import { seedDemo } from './scripts/seed/demo';

/** Closing waits up to DRAIN_TIMEOUT_MS for running requests, then closes the rest; past this, exit. */
const SHUTDOWN_GRACE_MS = DRAIN_TIMEOUT_MS + 5_000;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const ctx = app.ctx;

  // SEED_DEMO unset: seed only an empty database (npm start on a fresh clone).
  const empty = (await usersRepository.count(ctx.db)) === 0;
  if (config.seedDemo !== false && empty) {
    const logins = await seedDemo(ctx);
    app.log.info('demo data loaded');
    printLogins(logins, config.publicUrl);
  }
  if (config.admin) {
    const outcome = await ensureAdmin(ctx, config.admin);
    app.log.info({ username: config.admin.username, outcome }, 'admin account from ADMIN_USERNAME');
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
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

function printLogins(logins: { role: string; login: string; password: string }[], url: string) {
  const lines = [
    '',
    `  Parlor demo is ready at ${url}`,
    '',
    '  Sign in with any of these (username / password):',
    ...logins.map((l) => `    ${l.role.padEnd(8)} ${l.login.padEnd(12)} ${l.password}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
