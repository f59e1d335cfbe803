import { Link } from 'react-router';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { CompassIcon } from '../../ui/icons';

/** Any unknown path inside the app. */
export function NotFoundScreen() {
  return (
    <EmptyState
      level={1}
      icon={<CompassIcon size={34} />}
      title="Page not found"
      text="The page you were looking for does not exist or has moved."
      action={
        <Link to="/" className={buttonClass('primary')}>
          Go home
        </Link>
      }
    />
  );
}
