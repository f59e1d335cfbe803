import type { BanNotice, IntroKind, PlatformNotice } from '@parlor/contract';
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../platform/storeTypes';

/** A button of a basic popup; its action (a plain Redux action) is dispatched before closing. */
export interface PopupButton {
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
  action?: UnknownAction;
}

export interface BasicPopupProps {
  title: string;
  text?: string;
  buttons?: PopupButton[];
  /** Default true: a close button and Escape dismiss it. */
  closable?: boolean;
}

export interface ConfirmPopupProps {
  title: string;
  text?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  /** Dispatched when the user confirms; popups hold data, never callbacks. */
  onConfirm: UnknownAction;
}

/**
 * Props per popup kind. A feature whose popup has props of its own declares its kind beside them, by
 * merging into this interface (`declare module '../popups/popupsSlice'`), so this slice imports none.
 */
export interface PopupPropsByKind {
  basic: BasicPopupProps;
  confirm: ConfirmPopupProps;
  accountVerified: Record<string, never>;
  accountTerminated: { ban: BanNotice };
  accountFrozen: { message: string };
  boost: Record<string, never>;
  intro: { intro: IntroKind };
  globalNotice: { notice: PlatformNotice };
}
export type PopupKind = keyof PopupPropsByKind;

export type PopupEntry = { [K in PopupKind]: { id: string; kind: K; props: PopupPropsByKind[K] } }[PopupKind];

export interface PopupsState {
  stack: PopupEntry[];
}

/** Popups stack by id without duplicates; closing removes the last, or one by id. */
export const popupsSlice = createSlice({
  name: 'popups',
  initialState: { stack: [] } as PopupsState,
  reducers: {
    pushPopup(state, action: PayloadAction<PopupEntry>) {
      if (state.stack.some((entry) => entry.id === action.payload.id)) return;
      state.stack.push(action.payload);
    },
    popPopup(state, action: PayloadAction<string | undefined>) {
      if (action.payload === undefined) {
        state.stack.pop();
        return;
      }
      state.stack = state.stack.filter((entry) => entry.id !== action.payload);
    },
    clearPopups(state) {
      state.stack = [];
    },
  },
});

export const { pushPopup, popPopup, clearPopups } = popupsSlice.actions;

export const selectPopupStack = (state: RootState) => state.popups.stack;
