import { EmptyState } from '../../ui/EmptyState';
import { CompassIcon } from '../../ui/icons';
import { PageHeader } from '../shell/PageHeader';

/** /discover: creator cards arrive with the discover issue; until then an empty state. */
export function DiscoverScreen() {
  return (
    <>
      <PageHeader title="Discover" subtitle="Find creators to chat with." />
      <EmptyState
        icon={<CompassIcon size={34} />}
        title="Creators will appear here"
        text="We are lining up creators for you. Check back soon to start your first conversation."
      />
    </>
  );
}
