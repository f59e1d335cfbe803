import { Navigate, useLocation } from 'react-router';
import { SparkIcon } from '../../ui/icons';
import { branchTarget } from './branchTarget';
import { PrimaryLink, SystemPage } from './SystemPage';

/**
 * /branch: a deep link goes on to its target in the app (`branchTarget`); without one the spec gives
 * no content, so it welcomes and links in.
 */
export function BranchScreen() {
  const { pathname, search } = useLocation();
  const target = branchTarget(pathname, search);
  if (target) return <Navigate to={target} replace />;
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
