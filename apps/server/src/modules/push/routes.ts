import { endpoints, PUSH_MESSAGES } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { createNotifier } from './notifier';
import {
  digestTask,
  NOTIFY_JOB,
  notifyJob,
  subscribe,
  UNSUBSCRIBED_TEXT,
  unsubscribe,
  unsubscribeByToken,
  type VisibilityCheck,
} from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Waits until the notices of events published so far are recorded (tests, shutdown). */
    notificationsRecorded(): Promise<void>;
  }
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f1f29}` +
  `h1{font-size:1.4rem}a{color:#6d28d9}</style></head><body><h1>${title}</h1><p>${text}</p>` +
  `<p>You can change this any time in Account, Settings, Notifications.</p><p><a href="/chats">Open Parlor</a></p></body></html>`;

/**
 * Push subscriptions, the unsubscribe link, and the notification machinery: the notifier that
 * domain events' subscribers feed, the delivery job and the daily digest task.
 */
export function registerPushRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  visibility: { isVisible: VisibilityCheck; visibleHere: (userId: string) => boolean },
) {
  route(app, endpoints.pushSubscribe, ({ auth, body }) => subscribe(ctx, auth.user.id, body.subscription));
  route(app, endpoints.pushUnsubscribe, ({ auth, body }) => unsubscribe(ctx, auth.user.id, body.endpoint));
  route(app, endpoints.notificationsUnsubscribe, async ({ query, reply }) => {
    const result = await unsubscribeByToken(ctx, query.token);
    const html = result.ok
      ? page('Unsubscribed', UNSUBSCRIBED_TEXT[result.category])
      : page('Link not valid', PUSH_MESSAGES.unsubscribeInvalid);
    return reply
      .status(result.ok ? 200 : 400)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });
  const notices = createNotifier(ctx, app.log, visibility.visibleHere);
  // The notices of events published so far: their subscribers run first, then the recording.
  const recorded = async () => {
    await ctx.events.settled();
    await notices.flush();
  };
  app.decorate('notificationsRecorded', recorded);
  app.addHook('preClose', recorded);
  ctx.queue.register(NOTIFY_JOB, notifyJob(ctx, visibility.isVisible));
  return { digestTask: digestTask(ctx), notices };
}
