import {
  endpointPath,
  endpoints,
  MESSAGE_PAGE_SIZE,
  SEAT_ACCESS,
  type SeatAccess,
  STORAGE_KEYS,
  type TeamPermission,
} from '@parlor/contract';
import { INBOX_FIRST_PAGE_QUERY } from '../features/chats/inboxModel';
import { USER_ID_PATTERN } from '../features/conversation/conversationModel';
import { PROVIDER_CONFIG_QUERY } from '../features/provider/providerConfigQuery';
import { queryString } from '../platform/http';
import { CONVERSATION_PATH, INBOX_PATHS } from './routes';

/**
 * The calls a signed-in page's inline start script (apps/web/appPreload.ts) makes before any module
 * has loaded: on a phone's network the page's boot script takes a second or more to arrive, and the
 * answers the first screen shows arrive meanwhile instead of after it. The script keeps each answer
 * under its URL; `api.ts` hands one over to the first call of that GET with the same token
 * (startedCalls.ts), so a URL written here that no call asks for again costs one request and
 * nothing else, and a call never gets another URL's answer.
 */

/** Stands for a value the script fills in when it runs (a user's or a chat's id), URL-encoded. */
export const SLOT = '__slot__';

/** What the start script asks for, as plain data the build writes into it. */
export interface StartPlan {
  /** On every signed-in path: the session, the provider's config, the area intros and the notice. */
  always: string[];
  /** On the paths the inbox's list is on (`showsInbox`): its first page. */
  inbox: { path: RegExp; urls: string[] };
  /**
   * On a conversation's path with a user's id: the chat (`SLOT`: the id), then, from its answer's
   * `chat_id`, the newest messages (`SLOT`: the chat's id), the two calls `openConversation` makes.
   */
  conversation: { path: RegExp; userId: RegExp; chat: string; messages: string };
  /**
   * A team seat makes the inbox's and the conversation's calls only when its permissions (kept
   * under `key` beside its token) allow them: a seat never meets a refusal on its first screen.
   * Each list is the permissions of which any one allows the calls; null: any seat.
   */
  seat: {
    key: string;
    inbox: readonly TeamPermission[] | null;
    conversation: readonly TeamPermission[] | null;
  };
}

/** Any one of these permissions allows every call given; null: every seat may make them all. */
export function permissionsFor(...access: SeatAccess[]): readonly TeamPermission[] | null {
  let allowed: TeamPermission[] | null = null;
  for (const a of access) {
    if (a === 'seat') continue;
    const list = a === 'never' ? [] : a;
    allowed = allowed === null ? [...list] : allowed.filter((p) => list.includes(p));
  }
  return allowed;
}

export function startPlan(): StartPlan {
  return {
    always: [
      endpointPath(endpoints.me),
      endpointPath(endpoints.providerConfig) + queryString(PROVIDER_CONFIG_QUERY),
      endpointPath(endpoints.intros),
      endpointPath(endpoints.platformNotice),
    ],
    inbox: {
      path: INBOX_PATHS,
      urls: [endpointPath(endpoints.listChats) + queryString(INBOX_FIRST_PAGE_QUERY)],
    },
    conversation: {
      path: CONVERSATION_PATH,
      userId: USER_ID_PATTERN,
      chat: endpointPath(endpoints.getChat) + queryString({ recipient_id: SLOT }),
      messages:
        endpointPath(endpoints.listMessages, { chatId: SLOT }) +
        queryString({ limit: MESSAGE_PAGE_SIZE, offset: 0 }),
    },
    seat: {
      key: STORAGE_KEYS.seatWorkspace,
      inbox: permissionsFor(SEAT_ACCESS.listChats),
      conversation: permissionsFor(SEAT_ACCESS.getChat, SEAT_ACCESS.listMessages),
    },
  };
}
