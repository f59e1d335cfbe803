import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NEW_DEVICE_MAIL } from '@parlor/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { PeriodicTask } from '../../jobs/scheduler';
import { geoIp } from '../provider/service';
import { deviceName } from '../users/device';
import type { Client } from '../users/service';
import { devicesRepository } from './devices-repository';
import { newDeviceMail } from './new-device-mail';
import { securityRepository } from './repository';

// A device is a browser, told apart by a long-lived random id in an httpOnly cookie (not by its
// address, which changes with every network). Each account keeps the SHA-256 of its own devices'
// ids: a sign-in from one the account has not used mails the owner a link that ends that session.

export const DEVICE_COOKIE = 'parlor_device';
/** Browsers keep a cookie at most 400 days; each sign-in renews it. */
const DEVICE_COOKIE_DAYS = 400;
const DAY_MS = 24 * 60 * 60_000;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** A sign-in's client: where it comes from, its browser and device, and how to give it a device id. */
export interface SignInClient extends Client {
  deviceId: string | undefined;
  country: string | null;
  keepDevice(id: string): void;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export function signInClient(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): SignInClient {
  const id = cookieOf(request, DEVICE_COOKIE);
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    deviceId: id && DEVICE_ID.test(id) ? id : undefined,
    country: geoIp(ctx, request.ip, request.headers).country,
    keepDevice: (value) => {
      reply.header(
        'set-cookie',
        `${DEVICE_COOKIE}=${value}; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; Path=/v1; HttpOnly; SameSite=Lax${secure}`,
      );
    },
  };
}

const deviceHash = (userId: string, deviceId: string) =>
  createHash('sha256').update(`${userId}:${deviceId}`).digest('hex');

const signature = (ctx: AppContext, payload: string) =>
  createHmac('sha256', ctx.secrets.codeKey).update(`end-session:${payload}`).digest('base64url');

/** The new-device mail's link token: the session's id and an expiry, signed with the server's code key. */
export function endSessionToken(ctx: AppContext, tokenId: string, expiresAt: Date): string {
  const payload = `${tokenId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signature(ctx, payload)}`;
}

/** The session a link token names, if its signature holds and it has not expired. */
export function readEndSessionToken(ctx: AppContext, token: string): string | null {
  const [tokenId = '', expires = '', mac = ''] = token.split('.');
  const payload = `${tokenId}.${expires}`;
  const expected = Buffer.from(signature(ctx, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 > ctx.clock.now().getTime() ? tokenId : null;
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Tuesday, 1 December 2026 at 14:03 UTC". */
export const signInTime = (at: Date) => `${WHEN.format(at)} UTC`;

/** Records a device on the account without a mail: the browser an account is made in. */
export async function rememberDevice(ctx: AppContext, userId: string, client: SignInClient) {
  const id = client.deviceId ?? randomBytes(32).toString('base64url');
  client.keepDevice(id);
  await devicesRepository.note(ctx.db, userId, deviceHash(userId, id), ctx.clock.now());
}

/**
 * Records this sign-in's device on the account (giving the browser an id when it has none) and,
 * when the account signed in elsewhere before but never here, mails the owner once for it.
 * The mail is not awaited: the answer must not wait for, or tell of, it.
 */
export async function noteDevice(ctx: AppContext, user: UserRow, client: SignInClient, tokenId: string) {
  const id = client.deviceId ?? randomBytes(32).toString('base64url');
  client.keepDevice(id);
  const now = ctx.clock.now();
  const { isNew, hadOthers } = await devicesRepository.note(ctx.db, user.id, deviceHash(user.id, id), now);
  if (!isNew || !hadOthers) return;
  const link = `${ctx.config.publicUrl}/v1/auth/sessions/end?token=${endSessionToken(
    ctx,
    tokenId,
    new Date(now.getTime() + ctx.config.sessionTtlDays * DAY_MS),
  )}`;
  const mail = newDeviceMail(
    user,
    {
      when: signInTime(now),
      browser: deviceName(client.userAgent ?? null),
      country: client.country
        ? (REGIONS.of(client.country) ?? client.country)
        : NEW_DEVICE_MAIL.unknownCountry,
      endLink: link,
    },
    ctx.config.publicUrl,
  );
  ctx.mailer.send(mail, { kind: 'security' }).catch((err: unknown) => {
    console.error('new-device mail not queued', err);
  });
}

export const SECURITY_PURGE_JOB = 'account-security.purge';

/** Spent and expired challenges go after a day; devices unused longer than their cookie lives, too. */
export const securityPurgeTask = (ctx: AppContext): PeriodicTask => ({
  name: SECURITY_PURGE_JOB,
  intervalMs: 60 * 60_000,
  run: async (now) =>
    (await securityRepository.purgeChallenges(ctx.db, new Date(now.getTime() - DAY_MS))) +
    (await devicesRepository.forgetDevices(ctx.db, new Date(now.getTime() - DEVICE_COOKIE_DAYS * DAY_MS))),
});
