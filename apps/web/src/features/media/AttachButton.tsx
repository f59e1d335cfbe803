import { checkMediaFile, type VaultMedia } from '@parlor/contract';
import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { IconButton } from '../../ui/IconButton';
import { Menu, MenuItem } from '../../ui/Menu';
import { useDismiss } from '../../ui/useDismiss';
import { selectUser } from '../auth/authSlice';
import { selectVaultOff } from '../provider/providerConfigSlice';
import { seatHas } from '../team/seatAccess';
import styles from './AttachButton.module.css';
import { GifPicker } from './GifPicker';
import type { BuiltInGif } from './gifs';
import { MediaSendSheet, type SheetChoice } from './MediaSendSheet';
import { type MediaSource, sendMedia } from './mediaSends';
import { uploadErrorPopup } from './upload';
import { VaultPicker } from './VaultPicker';

const PaperclipIcon = () => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9" />
  </svg>
);

type Open = null | 'menu' | 'vault' | 'gif' | { sheet: Exclude<MediaSource, { kind: 'gif' }> };

/** The composer's attach button: a photo or video from the device, one from the vault, or a GIF. */
export function AttachButton({ otherUserId, disabled }: { otherUserId: string; disabled?: boolean }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const vaultOff = useAppSelector(selectVaultOff);
  const [open, setOpen] = useState<Open>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const creator = me?.type === 'featured';
  // A team seat prices a message only with the `paid` permission.
  const canCharge = creator && seatHas(me, 'paid');

  const close = useCallback(() => setOpen(null), []);
  useDismiss(open === 'menu', wrapRef, close);

  const send = (source: MediaSource, choice: SheetChoice = { price: 0, selfDestruct: false, text: '' }) => {
    void dispatch(sendMedia(otherUserId, source, choice));
    setOpen(null);
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // The quick checks at once, with their messages; the rest run while preparing.
    const refusal = checkMediaFile({ type: file.type, size: file.size });
    if (refusal) {
      dispatch(uploadErrorPopup(refusal));
      return;
    }
    setOpen({ sheet: { kind: 'file', file } });
  };

  return (
    <div className={styles.attach} ref={wrapRef}>
      <IconButton
        aria-label="Attach a photo, video or GIF"
        aria-haspopup="menu"
        aria-expanded={open === 'menu'}
        disabled={disabled}
        onClick={() => setOpen(open === 'menu' ? null : 'menu')}
      >
        <PaperclipIcon />
      </IconButton>
      <input
        ref={fileRef}
        type="file"
        accept="image/*,video/*"
        hidden
        data-testid="media-file-input"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {open === 'menu' && (
        <Menu className={styles.menu} role="menu">
          <MenuItem
            className={styles.menuItem}
            role="menuitem"
            onClick={() => {
              setOpen(null);
              fileRef.current?.click();
            }}
          >
            Photo or video
          </MenuItem>
          {!vaultOff && (
            <MenuItem className={styles.menuItem} role="menuitem" onClick={() => setOpen('vault')}>
              From your vault
            </MenuItem>
          )}
          <MenuItem className={styles.menuItem} role="menuitem" onClick={() => setOpen('gif')}>
            GIF
          </MenuItem>
        </Menu>
      )}
      {open === 'vault' && (
        <VaultPicker
          // A creator sees what this fan already got and bought.
          fanId={creator ? otherUserId : undefined}
          onClose={() => setOpen(null)}
          onPick={(media: VaultMedia) => setOpen({ sheet: { kind: 'vault', media } })}
        />
      )}
      {open === 'gif' && (
        <GifPicker onClose={() => setOpen(null)} onPick={(gif: BuiltInGif) => send({ kind: 'gif', gif })} />
      )}
      {open !== null && typeof open === 'object' && (
        <MediaSendSheet
          source={open.sheet}
          canCharge={canCharge}
          onClose={() => setOpen(null)}
          onSend={(choice) => send(open.sheet, choice)}
        />
      )}
    </div>
  );
}
