import { endpointPath, endpoints, MESSAGE_PAGE_SIZE } from '@parlor/contract';
import { emptyList, inboxPageQuery } from '../features/chats/inboxModel';
import { USER_ID_PATTERN } from '../features/conversation/conversationModel';
import { queryString } from './http';
import { CONVERSATION_PATH, INBOX_PATHS } from './routes';

/**
 * The calls a signed-in page's inline start script (apps/web/appPreload.ts) makes before any module
 * has loaded: on a phone's network the page's boot script takes a second or more to arrive, and the
 * answers the first screen shows arrive meanwhile instead of after it. The script keeps each answer
 * under its URL in `window[START_GLOBAL]`; `api.ts` hands one over to the first call of that GET with
 * the same token (`takeStartedCall`), so a URL written here that no call asks for again costs one
 * request and nothing else, and a call never gets another URL's answer.
 */
export const START_GLOBAL = '__parlorStart';

export interface StartedCalls {
  token: string;
  /** When the script ran (ms since the epoch). */
  at: number;
  byUrl: Record<string, Promise<Response | null> | undefined>;
}

/**
 * An answer the start script got is handed over only this long after it ran: it is for the first
 * screen, and one its page never asked for (a redirect, a screen left at once) must not stand in
 * for a fresh call minutes later.
 */
export const STARTED_CALL_TTL_MS = 30_000;

/** Stands for a value the script fills in when it runs (a user's or a chat's id), URL-encoded. */
export const SLOT = '__slot__';

/** The queries of the first calls (app/early.ts makes the same calls when no start script did). */
export const FIRST_QUERIES = {
  providerConfig: { platform: 'react' },
  /** The inbox's first page: its default filter, the first `CHAT_PAGE_SIZE` chats. */
  inboxFirstPage: inboxPageQuery(emptyList()),
} as const;

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
}

export function startPlan(): StartPlan {
  return {
    always: [
      endpointPath(endpoints.me),
      endpointPath(endpoints.providerConfig) + queryString(FIRST_QUERIES.providerConfig),
      endpointPath(endpoints.intros),
      endpointPath(endpoints.platformNotice),
    ],
    inbox: {
      path: INBOX_PATHS,
      urls: [endpointPath(endpoints.listChats) + queryString(FIRST_QUERIES.inboxFirstPage)],
    },
    conversation: {
      path: CONVERSATION_PATH,
      userId: USER_ID_PATTERN,
      chat: endpointPath(endpoints.getChat) + queryString({ recipient_id: SLOT }),
      messages:
        endpointPath(endpoints.listMessages, { chatId: SLOT }) +
        queryString({ limit: MESSAGE_PAGE_SIZE, offset: 0 }),
    },
  };
}

/**
 * The answer the start script got for a GET of `url`, once, when it was asked for with `token`;
 * otherwise nothing (the caller fetches). A start that failed on the network answers null here too.
 */
export function takeStartedCall(
  url: string,
  token: string | null,
  now = Date.now(),
): Promise<Response | null> | undefined {
  const started = (globalThis as { [START_GLOBAL]?: StartedCalls })[START_GLOBAL];
  if (!started || !token || started.token !== token) return undefined;
  if (now - started.at > STARTED_CALL_TTL_MS) {
    started.byUrl = {};
    return undefined;
  }
  const answer = started.byUrl[url];
  if (answer) delete started.byUrl[url];
  return answer;
}
