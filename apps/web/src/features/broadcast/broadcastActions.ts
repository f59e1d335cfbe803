import type { MediaUploadResponse, MediaUploadType } from '@parlor/contract';
import { createAction } from '@reduxjs/toolkit';
import type { UploadProgress } from './broadcastModel';

// The send's steps that the send thunk reports and the slice records (kept apart from both, so
// neither imports the other).

/** The spec's initial client-side entry: the send has an id and is under way. */
export const sendStarted = createAction<{ clientSideReceiveId: string }>('broadcast/sendStarted');
export const uploadProgressed = createAction<UploadProgress>('broadcast/uploadProgressed');
export const uploadSucceeded = createAction<MediaUploadResponse & { uploadType: MediaUploadType }>(
  'broadcast/uploadSucceeded',
);
/** The upload failed: the message is the server's (or the file check's). */
export const uploadFailed = createAction<string>('broadcast/uploadFailed');
/** The user stopped the upload: not a failure, nothing to report. */
export const uploadAborted = createAction('broadcast/uploadAborted');
/** "Send later" refused its time before sending: the check's message. */
export const laterRefused = createAction<string>('broadcast/laterRefused');
