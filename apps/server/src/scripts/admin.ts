import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { usersRepository } from '../modules/users/repository';
import { newReferralCode } from '../modules/users/service';
import { DEMO_PASSWORDS } from './seed/demo-passwords';

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

/**
 * ADMIN_USERNAME, ADMIN_PASSWORD and ADMIN_EMAIL at start: the account of that name gets the admin
 * role, created when it does not exist, so a deployment without demo data has someone to approve
 * creators. Every start runs it: an existing account keeps its password and everything else (the
 * start says so when ADMIN_PASSWORD is not its password: see passwordIs). Two processes starting
 * together both try the insert; the loser finds the winner's row.
 */
export async function ensureAdmin(
  ctx: AppContext,
  admin: NonNullable<Config['admin']>,
): Promise<'created' | 'promoted' | 'unchanged'> {
  for (let attempt = 0; ; attempt++) {
    const existing = await usersRepository.findByUsername(ctx.db, admin.username);
    if (existing) {
      if (existing.role === 'admin') return 'unchanged';
      await usersRepository.update(ctx.db, existing.id, { role: 'admin' });
      return 'promoted';
    }
    try {
      await usersRepository.insert(ctx.db, {
        username: admin.username,
        email: admin.email,
        password_hash: await hash(admin.password),
        type: 'user',
        role: 'admin',
        email_verified: true,
        referral_code: newReferralCode(),
      });
      return 'created';
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // The name was taken meanwhile (the other process): look again. A second clash is the email.
      if (attempt > 0)
        throw new Error(`ADMIN_EMAIL ${admin.email} belongs to an account other than ${admin.username}`);
    }
  }
}

const verifies = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

/** Whether the account of that username signs in with `password`. */
export async function passwordIs(ctx: AppContext, username: string, password: string): Promise<boolean> {
  const user = await usersRepository.findByUsername(ctx.db, username);
  return user !== undefined && (await verifies(user.password_hash, password));
}

/** The admin accounts anyone could sign in to with a demo password (a database seeded with demo data). */
export async function adminsWithDemoPassword(ctx: AppContext): Promise<string[]> {
  const exposed: string[] = [];
  for (const admin of await usersRepository.admins(ctx.db)) {
    for (const password of DEMO_PASSWORDS) {
      if (await verifies(admin.password_hash, password)) {
        exposed.push(admin.username);
        break;
      }
    }
  }
  return exposed;
}
