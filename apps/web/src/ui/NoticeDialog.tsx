import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

interface NoticeDialogProps {
  title: string;
  /** The big icon above the title. */
  icon: ReactNode;
  buttonLabel: string;
  onButton: () => void;
  active?: boolean;
  /** Without it the notice cannot be dismissed: the button is the only way on. */
  onClose?: (() => void) | undefined;
  children: ReactNode;
}

/** A centred dialog that tells one thing and offers one way on (OK, Continue, Buy Credits). */
export function NoticeDialog({ icon, buttonLabel, onButton, ...dialog }: NoticeDialogProps) {
  return (
    <Dialog
      {...dialog}
      centered
      hero={icon}
      actions={
        <Button size="large" fullWidth onClick={onButton}>
          {buttonLabel}
        </Button>
      }
    />
  );
}
