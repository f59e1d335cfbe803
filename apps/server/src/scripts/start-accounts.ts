import type { FastifyInstance } from 'fastify';
import { usersRepository } from '../modules/users/repository';
import { adminsWithDemoPassword, ensureAdmin, passwordIs } from './admin';
import { seedDemo } from './seed/demo';

/**
 * What a start does to accounts before it serves: the demo data on an empty database when SEED_DEMO
 * (by default outside production only) says so, the admin from ADMIN_*, and in production the check
 * that no admin account opens with a demo password. Answers the line to refuse the start with, or null.
 */
export async function prepareAccounts(app: FastifyInstance): Promise<string | null> {
  const { ctx } = app;
  const { config } = ctx;
  if (config.seedDemo && (await usersRepository.count(ctx.db)) === 0) {
    const logins = await seedDemo(ctx);
    app.log.info('demo data loaded');
    printLogins(logins, config.publicUrl);
  }
  if (config.production && config.seedDemo) {
    app.log.warn(
      'demo data is on in production (SEED_DEMO=true): the demo accounts, admin included, open with the public demo password',
    );
  }
  if (config.admin) {
    const { username, password } = config.admin;
    const outcome = await ensureAdmin(ctx, config.admin);
    if (outcome !== 'created' && !(await passwordIs(ctx, username, password))) {
      app.log.warn(
        { username, outcome },
        `admin account from ADMIN_USERNAME: "${username}" already existed and keeps its own password; ADMIN_PASSWORD was not applied (sign in as it and change the password there)`,
      );
    } else {
      app.log.info({ username, outcome }, 'admin account from ADMIN_USERNAME');
    }
  }
  // A demo deployment (SEED_DEMO=true) is open on purpose; no other production start may be.
  if (config.production && !config.seedDemo) {
    const exposed = await adminsWithDemoPassword(ctx);
    if (exposed.length > 0) {
      const names = exposed.map((name) => `"${name}"`).join(', ');
      return (
        `refusing to start: the admin account ${names} has the demo password, which is public (the ` +
        'database was seeded with demo data). Start once with SEED_DEMO=true, sign in as it and change ' +
        'its password (or remove the account), then start without SEED_DEMO.'
      );
    }
  }
  return null;
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
