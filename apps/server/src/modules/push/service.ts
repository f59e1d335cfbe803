import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { PUSH_MESSAGES, type PushPayload, type PushSubscriptionJson } from '@parlor/contract';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import type { NotificationCategory } from '../../db/schema-push';
import type { JobHandler, StepResult } from '../../jobs/queue';
import type { PeriodicTask } from '../../jobs/scheduler';
import { badRequest } from '../../lib/errors';
import { chats } from '../chats/service';
import { checkEndpoint, postPush } from './endpoint-guard';
import { type PendingRow, pushRepository } from './repository';

export const NOTIFY_JOB = 'notifications.deliver';
/** Pushes of one group (a chat) within this window become one notification. */
export const PUSH_GROUP_MS = 5_000;
/** Payment emails are grouped over ten minutes: a creator tipped 30 times gets one mail. */
export const EMAIL_GROUP_MS = 10 * 60_000;
/** A push service keeps an undelivered push this long (the device is off). */
const PUSH_TTL_S = 24 * 60 * 60;
/** A push service that has not answered by then is given up on for this attempt. */
const PUSH_TIMEOUT_MS = 10_000;
/** Subscriptions that failed for another reason than 404/410 are tried again, up to this many steps. */
const PUSH_RETRIES = 3;
/** The digest goes to people who have not been online for a day. */
export const DIGEST_AWAY_MS = 24 * 60 * 60_000;
const DIGEST_BATCH = 200;
const DIGEST_CHATS = 10;

/** Whether a user has a visible tab anywhere (they see the event in the app: no push). */
export type VisibilityCheck = (userId: string) => Promise<boolean>;

/** The recipient as recording a notice sees them (pushRepository.noticeTarget). */
export type NoticeTarget = NonNullable<Awaited<ReturnType<typeof pushRepository.noticeTarget>>>;

/** One thing to tell a user: grouped by `groupKey` per channel. */
export interface Notice {
  userId: string;
  category: NotificationCategory;
  groupKey: string;
  title: string;
  body: string;
  url: string;
  /** Also by email (payments and payouts): the delay groups them. */
  emailDelayMs?: number;
}

/** What a group of several notices says instead of the latest one's text. */
const GROUP_NOUNS: Record<string, string> = {
  chat: 'new messages',
  tips: 'new tips',
  unlocks: 'paid unlocks',
  subscribers: 'new subscribers',
  payouts: 'completed payouts',
};

function groupBody(row: Pick<PendingRow, 'group_key' | 'body' | 'count'>): string {
  if (row.count <= 1) return row.body;
  const noun = GROUP_NOUNS[row.group_key.split(':')[0] as string] ?? 'new notifications';
  return `${row.count} ${noun}. Latest: ${row.body}`;
}

// --- subscriptions -------------------------------------------------------------------------------

/** POST /v1/push/subscriptions. */
export async function subscribe(ctx: AppContext, userId: string, subscription: PushSubscriptionJson) {
  const verdict = await checkEndpoint(subscription.endpoint, ctx.config.pushAllowHttp);
  if (verdict === 'insecure')
    throw badRequest(PUSH_MESSAGES.insecureEndpoint, 'invalid_push_endpoint', 'subscription');
  if (verdict === 'private')
    throw badRequest(PUSH_MESSAGES.privateEndpoint, 'invalid_push_endpoint', 'subscription');
  await pushRepository.saveSubscription(
    ctx.db,
    userId,
    { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    ctx.clock.now(),
  );
}

/** DELETE /v1/push/subscriptions. */
export async function unsubscribe(ctx: AppContext, userId: string, endpoint: string) {
  await pushRepository.deleteSubscription(ctx.db, userId, endpoint);
}

// --- recording ------------------------------------------------------------------------------------

function enabled(
  user: { notify_notifications: boolean; notify_payments: boolean; notify_payouts: boolean },
  category: NotificationCategory,
): boolean {
  return user[`notify_${category}`];
}

async function addToGroup(ctx: AppContext, notice: Notice, channel: 'push' | 'email', delayMs: number) {
  const now = ctx.clock.now();
  // The pending row and its job commit together: a row never waits without a job to send it.
  await ctx.db.transaction().execute(async (trx) => {
    const { created, jobKey } = await pushRepository.addPending(
      trx,
      { ...notice, channel, jobKey: `notify:${randomUUID()}` },
      now,
    );
    if (created)
      await ctx.queue.enqueue(
        { kind: NOTIFY_JOB, key: jobKey, payload: { jobKey }, runAt: new Date(now.getTime() + delayMs) },
        trx,
      );
  });
}

/**
 * Records a notice after the event committed. Cheap and local: the push service is only reached
 * by the job, so a slow or dead one never slows a send.
 */
export async function notify(ctx: AppContext, notice: Notice, user: NoticeTarget): Promise<void> {
  if (user.banned_at || !enabled(user, notice.category)) return;
  if (user.has_push) await addToGroup(ctx, notice, 'push', PUSH_GROUP_MS);
  if (notice.emailDelayMs !== undefined && user.email_verified)
    await addToGroup(ctx, notice, 'email', notice.emailDelayMs);
}

// --- delivery -------------------------------------------------------------------------------------

interface Progress {
  pending: PendingRow;
  /** Subscription ids still to try after a failure; undefined: all of the user's. */
  retry?: string[];
}

/** The Topic header: a push service keeps only the newest undelivered push of one topic. */
function topic(userId: string, groupKey: string): string {
  return createHash('sha256').update(`${userId}:${groupKey}`).digest('base64url').slice(0, 32);
}

async function sendPushes(
  ctx: AppContext,
  pending: PendingRow,
  only: string[] | undefined,
): Promise<string[]> {
  const subscriptions = (await pushRepository.subscriptionsOf(ctx.db, pending.user_id)).filter(
    (s) => !only || only.includes(String(s.id)),
  );
  if (subscriptions.length === 0) return [];
  const badge =
    pending.category === 'notifications'
      ? (await chats.unreadTotals(ctx.db, pending.user_id)).unread_messages
      : null;
  const payload: PushPayload = {
    title: pending.title,
    body: groupBody(pending),
    url: pending.url,
    tag: pending.group_key,
    badge,
  };
  const failed: string[] = [];
  await Promise.all(
    subscriptions.map(async (s) => {
      try {
        // web-push encrypts (RFC 8291) and signs (VAPID); the request itself goes through postPush,
        // which checks the address it connects to and follows no redirect.
        const request = webpush.generateRequestDetails(
          { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: {
              subject: ctx.config.vapidSubject,
              publicKey: ctx.secrets.vapidPublicKey,
              privateKey: ctx.secrets.vapidPrivateKey,
            },
            TTL: PUSH_TTL_S,
            topic: topic(pending.user_id, pending.group_key),
            urgency: pending.category === 'notifications' ? 'high' : 'normal',
          },
        );
        const status = await postPush(
          {
            endpoint: request.endpoint,
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ?? null,
          },
          ctx.config.pushAllowHttp,
          PUSH_TIMEOUT_MS,
        );
        if (status >= 200 && status < 300) {
          await pushRepository.markSent(ctx.db, String(s.id), ctx.clock.now());
          return;
        }
        // Gone (unsubscribed, expired) or never there: the browser will not take pushes there again.
        if (status === 404 || status === 410) await pushRepository.dropSubscription(ctx.db, String(s.id));
        else failed.push(String(s.id));
      } catch {
        // Unreachable, too slow, or refused as a private address: tried again by a later step.
        failed.push(String(s.id));
      }
    }),
  );
  return failed;
}

function unsubscribeUrl(ctx: AppContext, userId: string, category: NotificationCategory): string {
  return `${ctx.config.publicUrl}/v1/notifications/unsubscribe?token=${unsubscribeToken(ctx, userId, category)}`;
}

const EMAIL_SUBJECTS: Record<NotificationCategory, string> = {
  notifications: 'Unread messages on Parlor',
  payments: 'You earned on Parlor',
  payouts: 'Your payout is complete',
};
const SETTING_NAMES: Record<NotificationCategory, string> = {
  notifications: 'message',
  payments: 'payment',
  payouts: 'payout',
};

/** A notification email: the lines, a link into the app, and the unsubscribe link (also as a header). */
function notificationMail(
  ctx: AppContext,
  to: { id: string; email: string },
  category: NotificationCategory,
  subject: string,
  lines: string[],
  path: string,
) {
  const unsubscribe = unsubscribeUrl(ctx, to.id, category);
  const open = `${ctx.config.publicUrl}${path}`;
  const stop = `You get these emails because ${SETTING_NAMES[category]} notifications are on. Turn them off: ${unsubscribe}`;
  const escapeHtml = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
    );
  return {
    to: to.email,
    subject,
    text: `${lines.join('\n')}\n\nOpen Parlor: ${open}\n\n${stop}\n`,
    html:
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(open)}">Open Parlor</a></p>` +
      `<p style="color:#666;font-size:12px">You get these emails because ${SETTING_NAMES[category]} notifications are on. ` +
      `<a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}

/** The job: one group's notification, by push to every device of the user or by email. */
export function notifyJob(ctx: AppContext, isVisible: VisibilityCheck): JobHandler {
  return async (step): Promise<StepResult> => {
    const saved = step.progress as Progress | null;
    const pending =
      saved?.pending ??
      (await pushRepository.takePending(ctx.db, (step.payload as { jobKey: string }).jobKey));
    if (!pending) return { done: true };
    // Settings are read when sending: a toggle switched off since the event wins.
    const user = await pushRepository.recipient(ctx.db, pending.user_id);
    if (!user || user.banned_at || !enabled(user, pending.category))
      return { done: true, progress: { skipped: 'setting' } };
    if (pending.channel === 'email') {
      if (!user.email_verified) return { done: true };
      await ctx.mailer.send(
        notificationMail(
          ctx,
          user,
          pending.category,
          EMAIL_SUBJECTS[pending.category],
          [groupBody(pending)],
          pending.url,
        ),
        // A step run twice (its process died before it was marked done) queues the mail once.
        { kind: 'notification', key: `notify:${step.id}` },
      );
      return { done: true, progress: { sent: 'email' } };
    }
    // Someone looking at the app sees the event there.
    if (await isVisible(pending.user_id)) return { done: true, progress: { skipped: 'visible' } };
    const failed = await sendPushes(ctx, pending, saved?.retry);
    if (failed.length > 0 && step.attempts < PUSH_RETRIES)
      return { done: false, progress: { pending, retry: failed }, delayMs: 30_000 * step.attempts };
    return { done: true, progress: { sent: 'push', failed: failed.length } };
  };
}

// --- daily digest ---------------------------------------------------------------------------------

/** Once a day at most, people away all day hear by email which chats wait for them. */
export function digestTask(ctx: AppContext): PeriodicTask {
  return {
    name: 'notifications.digest',
    intervalMs: 15 * 60_000,
    async run(now) {
      const awaySince = new Date(now.getTime() - DIGEST_AWAY_MS);
      const due = await pushRepository.digestCandidates(ctx.db, awaySince, DIGEST_BATCH);
      let sent = 0;
      for (const user of due) {
        if (!(await pushRepository.claimDigest(ctx.db, user.id, awaySince, now))) continue;
        const chats = await pushRepository.unreadChats(ctx.db, user.id, DIGEST_CHATS);
        const lines = [
          `You have ${user.unread} unread message${user.unread === 1 ? '' : 's'}.`,
          ...chats.map((c) => `${c.username}: ${c.unread_messages} unread`),
        ];
        await ctx.mailer.send(
          notificationMail(ctx, user, 'notifications', EMAIL_SUBJECTS.notifications, lines, '/chats'),
          { kind: 'digest' },
        );
        sent++;
      }
      return sent;
    },
  };
}

// --- unsubscribe link -----------------------------------------------------------------------------

const CATEGORIES: NotificationCategory[] = ['notifications', 'payments', 'payouts'];

function mac(ctx: AppContext, userId: string, category: string): string {
  return createHmac('sha256', ctx.secrets.codeKey)
    .update(`unsubscribe:${userId}:${category}`)
    .digest('base64url');
}

/** `<user id>.<category>.<mac>`: no expiry, so an old email's link still works. */
export function unsubscribeToken(ctx: AppContext, userId: string, category: NotificationCategory): string {
  return `${userId}.${category}.${mac(ctx, userId, category)}`;
}

/** GET /v1/notifications/unsubscribe: the category named by a valid token is turned off. */
export async function unsubscribeByToken(
  ctx: AppContext,
  token: string,
): Promise<{ ok: true; category: NotificationCategory } | { ok: false }> {
  const [userId, category, signature] = token.split('.');
  if (!userId || !signature || !CATEGORIES.includes(category as NotificationCategory)) return { ok: false };
  const expected = Buffer.from(mac(ctx, userId, category as string));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false };
  const found = await pushRepository.turnOff(
    ctx.db,
    userId,
    category as NotificationCategory,
    ctx.clock.now(),
  );
  return found ? { ok: true, category: category as NotificationCategory } : { ok: false };
}

export const UNSUBSCRIBED_TEXT: Record<NotificationCategory, string> = {
  notifications: 'You will no longer get message notifications.',
  payments: 'You will no longer get payment notifications.',
  payouts: 'You will no longer get payout notifications.',
};
