import {
  type BroadcastStats,
  creditsToDollars,
  type endpoints,
  type FetchStatus,
  InboxFilter,
  inboxTypeFor,
  type MediaUploadType,
  type MessageMedia,
} from '@parlor/contract';
import type { ApiErrorInfo, CallBody } from '../../platform/api';
import type { InboxList, InboxSelection } from '../chats/inboxModel';
import type { ScheduleInput } from '../scheduling/scheduleTime';

/**
 * Who a broadcast goes to: one inbox category (a tab), the chats selected in the inbox (chosen
 * ids, or select-all with its exceptions over the list that was shown: its category or search), or
 * one of my fan lists.
 */
export type BroadcastAudience =
  | { kind: 'category'; category: InboxFilter }
  | { kind: 'selection'; mode: InboxSelection['mode']; ids: string[]; category: InboxFilter; search: string }
  | { kind: 'list'; listId: string };

/** The media of a draft: picked from the vault (ready at once) or chosen on the device (uploaded at send). */
export interface DraftMedia {
  source: 'vault' | 'device';
  kind: 'image' | 'video';
  /** What the draft shows: the vault's thumbnail, or an object URL of the chosen file. */
  previewUrl: string | null;
  /** The file's name and size, for a device file. */
  name: string | null;
  size: number | null;
  /** Known once the media is on the server: a vault item at once, a device file after its upload. */
  uploaded: (MessageMedia & { uploadType: MediaUploadType | null }) | null;
}

export interface UploadProgress {
  progress: number;
  loaded: number;
  total: number;
}

/** The spec's broadcast message draft. */
export interface BroadcastDraft {
  type: 'text' | 'media';
  text: string;
  /** Credits; 0 sends it free. */
  price: number;
  price_in_dollars: string;
  self_destruct: boolean;
  /** Skip fans who already bought this media (a paid photo or video sent again). */
  exclude_buyers: boolean;
  media: DraftMedia | null;
  /** The send id of the draft's current send: the same id sent again answers the broadcast it started. */
  clientSideReceiveId: string | null;
  /** An upload running for this draft; null when none is. */
  upload: UploadProgress | null;
}

/** The broadcast that is sending (or just finished), as the progress bar shows it. */
export interface ActiveBroadcast {
  _id: string;
  sent: number;
  total: number;
  eta_s: number | null;
  done: boolean;
}

export type BroadcastStage = 'none' | 'broadcasting';
export type PostStatus = 'none' | 'init' | 'success' | 'failure';

/** A list of broadcasts as the screen pages it: the sent ones, or the scheduled ones. */
export interface BroadcastList {
  items: BroadcastStats[];
  next: string | null;
  status: FetchStatus;
  error: ApiErrorInfo | null;
}

/** "Send later": whether it is on, the date and time typed, and why they were refused. */
export interface SendLater {
  on: boolean;
  input: ScheduleInput;
  error: string | null;
}

export interface BroadcastState {
  draft: BroadcastDraft;
  audience: BroadcastAudience;
  /** My fan lists whose fans the broadcast leaves out, whatever its audience. */
  excludeListIds: string[];
  later: SendLater;
  /** When the last broadcast scheduled here starts, for the composer to say so. */
  scheduledAt: string | null;
  /** Which of the two lists the screen shows. */
  view: 'sent' | 'scheduled';
  /** "Send to N fans": the count for `audienceKey`, asked again whenever the audience changes. */
  reach: { key: string; total: number | null; status: FetchStatus };
  stage: BroadcastStage;
  /** The post cycle of the last send; `error` is the server's message (a failed upload's too). */
  post: { status: PostStatus; error: string | null; aborted: boolean };
  active: ActiveBroadcast | null;
  stats: BroadcastList;
  scheduled: BroadcastList;
}

export const emptyDraft = (): BroadcastDraft => ({
  type: 'text',
  text: '',
  price: 0,
  price_in_dollars: '0.00',
  self_destruct: false,
  exclude_buyers: false,
  media: null,
  clientSideReceiveId: null,
  upload: null,
});

const emptyBroadcastList = (): BroadcastList => ({ items: [], next: null, status: 'None', error: null });

export const laterOff = (input: ScheduleInput): SendLater => ({ on: false, input, error: null });

export const initialBroadcastState = (): BroadcastState => ({
  draft: emptyDraft(),
  audience: { kind: 'category', category: 'all' },
  excludeListIds: [],
  later: laterOff({ date: '', time: '' }),
  scheduledAt: null,
  view: 'sent',
  reach: { key: '', total: null, status: 'None' },
  stage: 'none',
  post: { status: 'none', error: null, aborted: false },
  active: null,
  stats: emptyBroadcastList(),
  scheduled: emptyBroadcastList(),
});

/** The inbox's selection as a broadcast audience: what the bulk bar's "Broadcast" carries over. */
export function audienceFromInbox(
  list: Pick<InboxList, 'filter' | 'search'>,
  selection: InboxSelection,
): BroadcastAudience {
  return {
    kind: 'selection',
    mode: selection.mode,
    ids: [...selection.ids],
    category: list.filter,
    search: list.search.trim(),
  };
}

/**
 * The inbox's selection as handed to the broadcast screen in the navigation's state, or null. The
 * state outlives a reload in the browser's history, so its shape is checked, not assumed.
 */
export function audienceHandedOver(state: unknown): BroadcastAudience | null {
  const audience = (state as { audience?: Record<string, unknown> } | null)?.audience;
  // The Lists screen's "Broadcast" hands over one list.
  if (audience?.kind === 'list')
    return typeof audience.listId === 'string' && audience.listId
      ? { kind: 'list', listId: audience.listId }
      : null;
  if (audience?.kind !== 'selection') return null;
  const { mode, ids, category, search } = audience;
  if (mode !== 'ids' && mode !== 'all') return null;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string') || typeof search !== 'string')
    return null;
  const filter = InboxFilter.safeParse(category);
  if (!filter.success) return null;
  return { kind: 'selection', mode, ids, category: filter.data, search };
}

/**
 * The audience part of POST /v1/broadcast/send and /audience. A select-all covers the list the
 * inbox showed: a search covers every chat (as in the inbox), else the category (fans as fans2). A
 * fan list goes by its id; lists left out go with any audience.
 */
export function audienceBody(
  audience: BroadcastAudience,
  excludeListIds: readonly string[] = [],
): CallBody<typeof endpoints.broadcastAudience> {
  const exclude = excludeListIds.length > 0 ? { exclude_list_ids: excludeListIds.join(',') } : {};
  if (audience.kind === 'list') return { list_id: audience.listId, ...exclude };
  if (audience.kind === 'category') return { category: inboxTypeFor(audience.category), ...exclude };
  if (audience.mode === 'ids') return { ids: audience.ids.join(','), ...exclude };
  const scope = audience.search
    ? { category: 'all' as const, search: audience.search }
    : { category: inboxTypeFor(audience.category) };
  return { ...scope, except_ids: audience.ids.join(','), ...exclude };
}

/**
 * What the reach count asks: the audience with the draft's rules that change it (a photo or video
 * leaves out fans who block media; "skip buyers" leaves out the buyers of media already on the server).
 */
export function reachBody(
  audience: BroadcastAudience,
  draft: Pick<BroadcastDraft, 'type' | 'exclude_buyers' | 'media' | 'price'>,
  excludeListIds: readonly string[] = [],
): CallBody<typeof endpoints.broadcastAudience> {
  const publicId = draft.media?.uploaded?.public_id ?? null;
  return {
    ...audienceBody(audience, excludeListIds),
    type: draft.type,
    ...(draft.type === 'media' && draft.exclude_buyers && publicId
      ? { exclude_buyers: true, public_id: publicId }
      : {}),
  };
}

/** Equal questions give equal keys: a count answered for an older audience or draft is not shown. */
export const reachKey = (body: CallBody<typeof endpoints.broadcastAudience>) => JSON.stringify(body);

/** Whether the audience can reach anyone at all before asking the server (no chosen chats cannot). */
export const audienceIsEmpty = (audience: BroadcastAudience) =>
  audience.kind === 'selection' && audience.mode === 'ids' && audience.ids.length === 0;

/** The price in credits, bounded, and its dollars as the contract converts them. */
export function priced(credits: number): { price: number; price_in_dollars: string } {
  const price = Math.min(100_000, Math.max(0, Math.floor(Number.isFinite(credits) ? credits : 0)));
  return { price, price_in_dollars: creditsToDollars(price) };
}

/** Upload type of a broadcast's media: paid_message when it has a price, else message. */
export const uploadTypeFor = (price: number): MediaUploadType => (price > 0 ? 'paid_message' : 'message');

/** The share sent, 0-100, for the progress bar. */
export const percentSent = (b: Pick<ActiveBroadcast, 'sent' | 'total'>) =>
  b.total > 0 ? Math.min(100, Math.floor((b.sent / b.total) * 100)) : 100;

/** "about 12 s left", "about 3 min left". */
export function etaText(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  if (seconds < 1) return 'almost done';
  if (seconds < 90) return `about ${Math.ceil(seconds)} s left`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${Math.round(seconds / 3600)} h left`;
}
