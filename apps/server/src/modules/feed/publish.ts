// When a post appears (docs/feed.md "Scheduled posts"): at once, or at its time by the durable
// `feed.publish` job. Either way its followers and subscribers hear of it through `announcePost`.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { feedRepository } from './repository';

export const FEED_PUBLISH_JOB = 'feed.publish';

/** `new_feed` to the owner's followers and subscribers now: a post of hers appeared. */
export async function announcePost(ctx: AppContext, ownerId: string, postId: number): Promise<void> {
  const audience = await feedRepository.audienceOfCreator(ctx.db, ownerId, ctx.clock.now());
  // The event names the post only: each reader loads it as they may see it.
  const event = { feed_id: String(postId), model_id: ownerId };
  for (const fan of audience) if (fan !== ownerId) ctx.hub.publish(fan, 'new_feed', event);
}

/** Queues the post's appearance at `at`, inside the caller's transaction. */
export function enqueuePublish(ctx: AppContext, trx: Kysely<DB>, postId: number, at: Date) {
  return ctx.queue.enqueue(
    { kind: FEED_PUBLISH_JOB, payload: { post_id: postId, at: at.toISOString() }, runAt: at },
    trx,
  );
}

/**
 * The `feed.publish` job: makes a scheduled post appear if it is still due at the job's time. The
 * post leaves `scheduled` in one statement, so however many processes or repeated steps run it,
 * it appears and is announced once; a post moved to another time, published by hand or deleted
 * meanwhile leaves this job nothing to do (the new time has a job of its own).
 */
export function registerFeedPublishJob(ctx: AppContext) {
  ctx.queue.register(FEED_PUBLISH_JOB, async (step) => {
    const { post_id: id, at } = step.payload as { post_id: number; at: string };
    const published = await feedRepository.publishDue(ctx.db, id, new Date(at), ctx.clock.now());
    if (published) await announcePost(ctx, published.owner_id, id);
    return { done: true };
  });
}
