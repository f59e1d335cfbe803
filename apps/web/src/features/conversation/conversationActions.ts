import type { Message, ParentMessage } from '@parlor/contract';
import { createAction } from '@reduxjs/toolkit';
import type { PendingMedia, PendingMessage } from './conversationModel';
import type { ForcedFlag } from './sendPipeline';

// Plain actions of the conversation, apart from its thunks so the inbox slice can follow sends
// without importing them.

export const messagesMerged = createAction<{ otherUserId: string; messages: Message[] }>(
  'conversation/messagesMerged',
);

export const sendStarted = createAction<{ otherUserId: string; pending: PendingMessage }>(
  'conversation/sendStarted',
);
/** A pending media send moved on: prepared (its preview), uploading (its progress), posting. */
export const sendProgressed = createAction<{
  otherUserId: string;
  clientSideReceiveId: string;
  state?: PendingMessage['state'];
  media?: Partial<PendingMedia>;
}>('conversation/sendProgressed');
export const sendSucceeded = createAction<{
  otherUserId: string;
  clientSideReceiveId: string;
  message: Message;
}>('conversation/sendSucceeded');
export const sendFailed = createAction<{ otherUserId: string; clientSideReceiveId: string; error: string }>(
  'conversation/sendFailed',
);
export const sendForced = createAction<{
  otherUserId: string;
  clientSideReceiveId: string;
  flag: ForcedFlag;
  error: string;
}>('conversation/sendForced');
export const retryStarted = createAction<{ otherUserId: string; clientSideReceiveId: string }>(
  'conversation/retryStarted',
);
/** The sender deleted a message (DELETE /v1/messages/{id} answered with the deleted version). */
export const messageDeleted = createAction<{ otherUserId: string; message: Message }>(
  'conversation/messageDeleted',
);

/** "Reply" on a message: the composer's next text answers it. */
export const replyStarted = createAction<{ otherUserId: string; parent: ParentMessage }>(
  'conversation/replyStarted',
);
/** The reply bar's close button, or the conversation's reply sent. */
export const replyCanceled = createAction<{ otherUserId: string }>('conversation/replyCanceled');

/** A media send to this user was refused because they block media from me. */
export const mediaRefused = createAction<{ otherUserId: string }>('conversation/mediaRefused');

export const pendingDismissed = createAction<{ otherUserId: string; clientSideReceiveId: string }>(
  'conversation/pendingDismissed',
);
