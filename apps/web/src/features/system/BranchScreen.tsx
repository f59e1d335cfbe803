import { SparkIcon } from '../../ui/icons';
import { PrimaryLink, SystemPage } from './SystemPage';

/** /branch: a deep-link landing; the spec gives no content, so it welcomes and links in. */
export function BranchScreen() {
  return (
    <SystemPage
      icon={<SparkIcon size={30} />}
      title="You're invited to Parlor"
      actions={<PrimaryLink to="/">Continue to Parlor</PrimaryLink>}
    >
      <p>Chat one-to-one with the creators you love.</p>
    </SystemPage>
  );
}
