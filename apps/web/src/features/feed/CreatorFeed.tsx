import { EmptyState } from '../../ui/EmptyState';
import { FeedIcon } from '../../ui/icons';
import { PostList } from './PostList';

/**
 * One creator's posts, pinned first, with infinite scroll: for the creator's page. Whether I
 * subscribe comes with the list, so a post for subscribers says to subscribe rather than offering
 * a purchase that would be refused.
 */
export function CreatorFeed({ modelId }: { modelId: string }) {
  return (
    <section aria-label="Posts">
      <PostList
        modelId={modelId}
        empty={
          <EmptyState
            icon={<FeedIcon size={34} />}
            title="No posts yet"
            text="New posts will show up here."
          />
        }
      />
    </section>
  );
}
