import {
  AutoMessageCategoryEntry,
  AutoMessageLogPage,
  AutoMessageLogQuery,
  AutoMessagesList,
  BroadcastAudienceRequest,
  BroadcastAudienceResponse,
  BroadcastPage,
  BroadcastQuery,
  BroadcastSendRequest,
  BroadcastSendResponse,
  BroadcastStats,
  BroadcastUnsendResponse,
  BroadcastUpdateRequest,
  PutAutoMessagesRequest,
} from '../broadcasts';
import { endpoint } from '../endpoint';
import { IdParams } from '../ids';

/** Broadcasts and automatic messages (docs/broadcasts.md, docs/auto-messages.md): messages a creator sends to many chats. */
export const broadcastEndpoints = {
  sendBroadcast: endpoint({
    method: 'POST',
    path: '/v1/broadcast/send',
    access: 'user',
    body: BroadcastSendRequest,
    response: BroadcastSendResponse,
    status: 202,
    alternateStatus: 201,
    errors: [404, 409],
  }),
  /** How many chats an audience reaches right now, for "Send to N fans" before sending. */
  broadcastAudience: endpoint({
    method: 'POST',
    path: '/v1/broadcast/audience',
    access: 'user',
    body: BroadcastAudienceRequest,
    response: BroadcastAudienceResponse,
    errors: [404],
  }),
  listBroadcasts: endpoint({
    method: 'GET',
    path: '/v1/broadcast',
    access: 'user',
    query: BroadcastQuery,
    response: BroadcastPage,
  }),
  /** A scheduled broadcast's time, text, price or lists, until it starts. */
  updateBroadcast: endpoint({
    method: 'PATCH',
    path: '/v1/broadcast/:id',
    access: 'user',
    params: IdParams,
    body: BroadcastUpdateRequest,
    response: BroadcastStats,
    errors: [409],
  }),
  unsendBroadcast: endpoint({
    method: 'DELETE',
    path: '/v1/broadcast/:id',
    access: 'user',
    params: IdParams,
    response: BroadcastUnsendResponse,
  }),
  listAutoMessages: endpoint({
    method: 'GET',
    path: '/v1/auto-messages',
    access: 'user',
    response: AutoMessagesList,
  }),
  putAutoMessages: endpoint({
    method: 'PUT',
    path: '/v1/auto-messages',
    access: 'user',
    body: PutAutoMessagesRequest,
    response: AutoMessageCategoryEntry,
    errors: [404],
  }),
  autoMessageLog: endpoint({
    method: 'GET',
    path: '/v1/auto-messages/log',
    access: 'user',
    query: AutoMessageLogQuery,
    response: AutoMessageLogPage,
  }),
} as const;
