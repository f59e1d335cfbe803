import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { RadioGroup } from '../../ui/RadioGroup';
import { TextAreaField } from '../../ui/TextAreaField';
import type { PopupEntry } from '../popups/popupsSlice';
import { chatsActionConfirmed } from './inboxEffects';
import styles from './ReportPopup.module.css';

export interface ReportPopupProps {
  /** Who is reported, in words: "Report alex?", "Report 3 chats?". */
  title: string;
  /** The other users' ids; without them the inbox's selection is reported. */
  ids?: string[];
}

declare module '../popups/popupsSlice' {
  interface PopupPropsByKind {
    report: ReportPopupProps;
  }
}

/** What moderators read first; the words below are the reporter's own. */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'scam', label: 'Scam, or asks to pay outside Parlor' },
  { value: 'harassment', label: 'Harassment or hate' },
  { value: 'underage', label: 'May be under 18' },
  { value: 'impersonation', label: 'Pretends to be someone else' },
  { value: 'other', label: 'Something else' },
] as const;
type Reason = (typeof REPORT_REASONS)[number]['value'];
const DETAILS_MAX = 400;

/** The report's reason as moderators see it: the choice, then the reporter's words when given. */
export function reportReason(reason: Reason, details: string): string {
  const label = REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
  const words = details.trim();
  return words ? `${label}: ${words}` : label;
}

/** A report asks why, and is sent only once a reason is chosen. */
export function ReportPopup({
  entry,
  active,
  close,
  run,
}: {
  entry: Extract<PopupEntry, { kind: 'report' }>;
  active: boolean;
  close: () => void;
  run: (action: ReturnType<typeof chatsActionConfirmed>) => void;
}) {
  const [reason, setReason] = useState<Reason | ''>('');
  const [details, setDetails] = useState('');
  const needsWords = reason === 'other' && details.trim() === '';
  return (
    <Dialog
      title={entry.props.title}
      active={active}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={reason === '' || needsWords}
            onClick={() => {
              if (reason === '') return;
              const { ids } = entry.props;
              run(
                chatsActionConfirmed({
                  action: 'report',
                  ...(ids ? { ids } : {}),
                  reason: reportReason(reason, details),
                }),
              );
              close();
            }}
          >
            Report
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <p>Our moderators read every report. The person is not told who reported them.</p>
        <RadioGroup
          legend="What is wrong?"
          name={`${entry.id}-reason`}
          value={reason as Reason}
          options={REPORT_REASONS}
          onChange={setReason}
        />
        <TextAreaField
          label={reason === 'other' ? 'Tell us what happened' : 'Anything to add? (optional)'}
          value={details}
          maxLength={DETAILS_MAX}
          rows={3}
          onChange={(e) => setDetails(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
