import { Button } from '../../ui/Button';
import { WrenchIcon } from '../../ui/icons';
import { SystemPage } from './SystemPage';

/** /maintenance: where a 503 answer sends the browser. */
export function MaintenanceScreen() {
  return (
    <SystemPage
      icon={<WrenchIcon size={30} />}
      title="We'll be right back"
      actions={
        <Button size="large" fullWidth onClick={() => window.location.assign('/')}>
          Try again
        </Button>
      }
    >
      <p>
        Parlor is down for a short maintenance. Your chats and credits are safe; please try again in a few
        minutes.
      </p>
    </SystemPage>
  );
}
