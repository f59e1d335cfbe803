import type { UserSettings } from '@parlor/contract';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Card } from '../../ui/Card';
import { selectUser } from '../auth/authSlice';
import { updateUser } from '../auth/authThunks';
import { BrowserNotifications } from '../push/BrowserNotifications';
import { Note } from './Note';
import { SettingsPage } from './SettingsPage';
import { Toggle } from './Toggle';

type NotificationKey = keyof UserSettings['notifications'];

const ITEMS: { key: NotificationKey; label: string; description: string }[] = [
  {
    key: 'notifications',
    label: 'Messages',
    description: 'New messages while you are away, and a daily email of unread chats.',
  },
  {
    key: 'payments',
    label: 'Payments',
    description: 'Tips, paid unlocks and new subscribers, by notification and email.',
  },
  { key: 'payouts', label: 'Payouts', description: 'When a payout is completed, by notification and email.' },
  { key: 'marketing', label: 'News and offers', description: 'Occasional news about Parlor.' },
];

/** /account/settings/notifications: marketing, notifications, payments and payouts. */
export function NotificationSettingsScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const values = user.settings.notifications;
  return (
    <SettingsPage title="Notifications">
      <Card roomy aria-label="Notification settings">
        <BrowserNotifications />
        {ITEMS.filter((item) => item.key !== 'payouts' || user.type === 'featured').map((item) => (
          <Toggle
            key={item.key}
            label={item.label}
            description={item.description}
            checked={values[item.key]}
            onChange={async (checked) => {
              setError(null);
              const result = await dispatch(
                updateUser({ settings: { notifications: { [item.key]: checked } } }),
              );
              if (updateUser.rejected.match(result)) setError(result.payload?.message ?? null);
            }}
          />
        ))}
        {error && <Note tone="error">{error}</Note>}
      </Card>
    </SettingsPage>
  );
}
