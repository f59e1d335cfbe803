import { SUCCESS } from '@parlor/contract';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import styles from './BrowserNotifications.module.css';
import { browserPushIo, PERMISSION_ASKED_KEY, type PermissionState, syncPushSubscription } from './push';

const TEXT: Record<PermissionState, string> = {
  granted: 'On in this browser: you hear of new messages while Parlor is closed.',
  denied: 'Blocked in this browser. Allow notifications for this site in the browser settings to get them.',
  default: 'Get a notification for new messages while Parlor is closed.',
  unsupported: 'This browser cannot show notifications.',
};

/** The browser's side of notifications: whether this browser may show them, and a button to allow. */
export function BrowserNotifications() {
  const [permission, setPermission] = useState<PermissionState>(() => browserPushIo.permission());
  const labelId = useId();
  return (
    <fieldset className={styles.row} aria-labelledby={labelId}>
      <div className={styles.text}>
        <p id={labelId} className={styles.label}>
          Browser notifications
        </p>
        <p className={styles.description}>{TEXT[permission]}</p>
      </div>
      {permission === 'default' && (
        <Button
          variant="secondary"
          onClick={async () => {
            browserPushIo.writeStorage(PERMISSION_ASKED_KEY, '1');
            const answer = await browserPushIo.requestPermission();
            setPermission(answer);
            if (answer !== 'granted') return;
            await browserPushIo.post({
              type: 'internalNotification',
              data: { subject: SUCCESS.notificationsTitle, body: SUCCESS.notificationsBody },
            });
            await syncPushSubscription().catch(() => false);
          }}
        >
          Turn on
        </Button>
      )}
    </fieldset>
  );
}
