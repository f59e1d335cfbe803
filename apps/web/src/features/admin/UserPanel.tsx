import { type AdminUser, type AdminUserAction, endpoints, type FeaturedStatus } from '@parlor/contract';
import { useState } from 'react';
import { call, toErrorInfo } from '../../platform/api';
import { useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { TextAreaField } from '../../ui/TextAreaField';
import { selectUser } from '../auth/authSlice';
import styles from './AdminConsole.module.css';
import { ACTIONS, actionsFor, badgesOf, refusalFor } from './adminModel';
import { FeatureFlagsPanel } from './FeatureFlags';
import { useRefreshCounts } from './queueCounts';

/** Asks before an action runs, with the reason, the message or the status it needs. */
function ActionDialog({
  user,
  action,
  onClose,
  onDone,
}: {
  user: AdminUser;
  action: AdminUserAction;
  onClose: () => void;
  onDone: (user: AdminUser) => void;
}) {
  const spec = ACTIONS[action];
  const [text, setText] = useState('');
  const [status, setStatus] = useState<FeaturedStatus>(user.discover_status);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const missing = spec.required === true && text.trim() === '';

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const body =
        spec.input === 'reason'
          ? { reason: text.trim() || undefined }
          : spec.input === 'message'
            ? { message: text.trim() || undefined }
            : spec.input === 'discover'
              ? { discover_status: status }
              : {};
      await call(endpoints.adminUserAction, { params: { id: user._id, action }, body });
      onDone(await call(endpoints.adminUser, { params: { id: user._id } }));
    } catch (e) {
      setError(toErrorInfo(e).message);
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`${spec.label}: @${user.username}`}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={spec.danger ? 'danger' : 'primary'}
            onClick={run}
            loading={busy}
            disabled={missing}
          >
            {spec.label}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <p>{spec.confirm}</p>
        {spec.input === 'reason' && (
          <TextAreaField
            label={spec.required ? 'Reason (shown to the user)' : 'Reason (optional)'}
            value={text}
            maxLength={500}
            rows={3}
            onChange={(e) => setText(e.target.value)}
          />
        )}
        {spec.input === 'message' && (
          <TextAreaField
            label="Message the user sees (optional)"
            value={text}
            maxLength={500}
            rows={3}
            placeholder="Your account has been temporarily frozen. Please respond to your chat with Parlor support."
            onChange={(e) => setText(e.target.value)}
          />
        )}
        {spec.input === 'discover' && (
          <label className={styles.selectLabel}>
            Discover status
            <select value={status} onChange={(e) => setStatus(e.target.value as FeaturedStatus)}>
              <option value="featured">featured</option>
              <option value="hidden">hidden</option>
              <option value="denied">denied</option>
            </select>
          </label>
        )}
        <FormAlert message={error} />
      </div>
    </Dialog>
  );
}

/**
 * For someone who lost every factor: removes their authenticator, recovery codes and passkeys,
 * ends their sessions and mails them, with how the admin confirmed who they are in the audit log.
 */
function ResetTwoFactorDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser;
  onClose: () => void;
  onDone: (user: AdminUser) => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    try {
      await call(endpoints.adminResetTwoFactor, {
        params: { id: user._id },
        body: { reason: reason.trim() },
      });
      onDone(await call(endpoints.adminUser, { params: { id: user._id } }));
    } catch (e) {
      setError(toErrorInfo(e).message);
      setBusy(false);
    }
  }
  return (
    <Dialog
      title={`Reset two-factor sign-in: @${user.username}`}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={run} loading={busy} disabled={reason.trim() === ''}>
            Reset
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <p>
          Only for someone who lost their authenticator, recovery codes and passkeys, once you have confirmed
          it is them. Their sessions end and they are mailed; they sign in with their password and set it up
          again.
        </p>
        <TextAreaField
          label="How you confirmed it is them (kept in the audit log)"
          value={reason}
          maxLength={500}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormAlert message={error} />
      </div>
    </Dialog>
  );
}

export function Badges({ user }: { user: AdminUser }) {
  return (
    <ul className={styles.badges} aria-label="State">
      {badgesOf(user).map((b) => (
        <li key={b.text} className={styles.badge} data-tone={b.tone}>
          {b.text}
        </li>
      ))}
    </ul>
  );
}

/** One account: who it is, its states, and the actions that fit them. */
export function UserPanel({
  user,
  onChanged,
  only,
}: {
  user: AdminUser;
  onChanged: (user: AdminUser) => void;
  /** Offer just these actions (a queue's own), else every fitting one. */
  only?: AdminUserAction[];
}) {
  const [action, setAction] = useState<AdminUserAction | null>(null);
  const [resetting, setResetting] = useState(false);
  const refreshCounts = useRefreshCounts();
  const refusal = refusalFor(user, useAppSelector(selectUser)?._id);
  const actions = only ?? actionsFor(user);
  return (
    <div className={styles.userPanel}>
      <div className={styles.who}>
        <Avatar src={user.avatar_url} name={user.username} size={40} />
        <div className={styles.whoText}>
          <span className={styles.username}>@{user.username}</span>
          <span className={styles.email}>{user.email}</span>
        </div>
      </div>
      <Badges user={user} />
      {(user.ban_reason || user.frozen_message) && (
        <p className={styles.note}>
          {user.ban_reason && <>Ban reason: {user.ban_reason}. </>}
          {user.frozen_message && <>Freeze message: {user.frozen_message}</>}
        </p>
      )}
      {refusal ? (
        <p className={styles.refusal}>{refusal.message}</p>
      ) : (
        <div className={styles.actions}>
          {actions.map((a) => (
            <Button
              key={a}
              size="small"
              variant={a === 'ban' ? 'danger' : a.startsWith('approve') ? 'primary' : 'secondary'}
              onClick={() => setAction(a)}
            >
              {ACTIONS[a].label}
            </Button>
          ))}
          {!only && (
            <Button size="small" variant="secondary" onClick={() => setResetting(true)}>
              Reset two-factor sign-in
            </Button>
          )}
        </div>
      )}
      {resetting && (
        <ResetTwoFactorDialog
          user={user}
          onClose={() => setResetting(false)}
          onDone={(u) => {
            setResetting(false);
            onChanged(u);
          }}
        />
      )}
      {!only && !refusal && <FeatureFlagsPanel user={user} onChanged={onChanged} />}
      {action && (
        <ActionDialog
          user={user}
          action={action}
          onClose={() => setAction(null)}
          onDone={(u) => {
            setAction(null);
            refreshCounts();
            onChanged(u);
          }}
        />
      )}
    </div>
  );
}
