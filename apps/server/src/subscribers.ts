import type { AppContext } from './context';
import { greetNewChat } from './modules/automessages/greeting';
import { afterFanMessage, fireOnFollow, fireWith } from './modules/automessages/service';
import { fanOfMessage, fanOfTip, publishNewFan, recordFan } from './modules/discover/service';
import { openSupportChat } from './modules/messages/support';
import type { NoticeSubscribers } from './modules/push/notifier';
import { logMemberMessage } from './modules/team/activity';

/**
 * Who hears which domain event, in one place (docs/architecture.md, "Domain events"). A module
 * that writes publishes what happened and imports none of its subscribers.
 */
export function subscribeToEvents(ctx: AppContext, notices: NoticeSubscribers) {
  const { events } = ctx;

  // Inside the writer's transaction, committing with it or not at all: who is whose fan (a paid send
  // and a tip record theirs in their own statement), and the durable jobs of automatic messages.
  events.within('item_bought', (trx, e, tx) =>
    recordFan(trx, tx, { creatorId: e.sellerId, fan: e.buyer, relationship: 'fan', at: e.at }),
  );
  events.within('item_bought', (trx, e, tx) =>
    fireWith(ctx, trx, tx, { creatorId: e.sellerId, fanId: e.buyer.id, category: 'content_purchased' }),
  );
  events.within('tip_sent', (trx, e, tx) =>
    fireWith(ctx, trx, tx, { creatorId: e.creatorId, fanId: e.fan.id, category: 'tip_received' }),
  );
  events.within('subscription_started', (trx, e, tx) =>
    recordFan(trx, tx, { creatorId: e.creatorId, fan: e.fan, relationship: 'subscriber', at: e.at }),
  );
  events.within('subscription_started', (trx, e, tx) =>
    fireWith(ctx, trx, tx, { creatorId: e.creatorId, fanId: e.fan.id, category: 'new_subscriber' }),
  );
  events.within('followed', (trx, e, tx) => fireOnFollow(ctx, trx, tx, e));
  events.within('chat_created', (trx, e, tx) => greetNewChat(ctx, trx, tx, e));

  // After commit, each on its own: a failure is logged and the write stands.
  events.on('message_stored', (e) => fanOfMessage(ctx, e));
  events.on('tip_sent', (e) => fanOfTip(ctx, e));
  events.on('account_frozen', (e) => openSupportChat(ctx, e));
  events.on('message_stored', (e) => afterFanMessage(ctx, e));
  events.on('fan_gained', (e) => publishNewFan(ctx, e));

  // Notices for people away (push, and email for money): recorded beside the request, never awaited.
  events.on('message_stored', (e) => notices.message_stored(e));
  events.on('message_stored', (e) => logMemberMessage(ctx, e));
  events.on('messages_sent', (e) => notices.messages_sent(e));
  events.on('tip_sent', (e) => notices.tip_sent(e));
  events.on('item_bought', (e) => notices.item_bought(e));
  events.on('subscription_started', (e) => notices.subscription_started(e));
  events.on('payout_completed', (e) => notices.payout_completed(e));
}
