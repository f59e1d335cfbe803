import { endpoints } from '@parlor/contract';
import { INBOX_FIRST_PAGE_QUERY } from '../features/chats/inboxModel';
import { PROVIDER_CONFIG_QUERY } from '../features/provider/providerConfigQuery';
import { startEarly } from '../platform/early';
import { seatMayStart } from '../platform/seatSession';
import { showsInbox } from './routes';

/**
 * The first calls of a signed-in page opened on `pathname` (platform/early.ts): the session, the
 * provider config, the area intros closed and the platform's notice, and on the paths the inbox's
 * list is on (its own, a conversation's) its first page.
 */
export function startEarlyCalls(pathname: string): void {
  startEarly(endpoints.me);
  startEarly(endpoints.providerConfig, { query: PROVIDER_CONFIG_QUERY });
  startEarly(endpoints.intros);
  startEarly(endpoints.platformNotice);
  if (showsInbox(pathname) && seatMayStart('listChats')) {
    startEarly(endpoints.listChats, { query: INBOX_FIRST_PAGE_QUERY });
  }
}
