import type { UnknownAction } from '@reduxjs/toolkit';

/** Where the upload-in-progress popup's Leave goes, and how: `to` null is Back. */
export interface LeaveTarget {
  to: string | null;
  replace?: boolean;
  /** The router's navigation state for `to` (plain data). */
  state?: unknown;
  /** What the navigating control does as it leaves (a plain action), dispatched only on leaving. */
  onLeave?: UnknownAction;
}

declare module '../popups/popupsSlice' {
  interface PopupPropsByKind {
    uploadInProgress: LeaveTarget;
  }
}
