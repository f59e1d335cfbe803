// Chat rows mapped to the contract's Chat, as their member sees them.
import type { Chat, Note } from '@parlor/contract';
import { shownPresence } from '../users/presence';
import { categoriesOf } from './categories';
import type { PageRow } from './inbox-repository';

/** Maps an inbox row to the contract's Chat as its member sees it. */
export function toChat(
  row: PageRow,
  notes: Note[],
  viewer: { type: 'user' | 'featured'; intro_enabled: boolean; credits: number },
  now: Date,
): Chat {
  const presence = shownPresence(
    { online: row.online, last_online: row.last_online, profile_invisible: row.other_invisible },
    now,
  );
  const online = presence.is_online;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  // Intro: a fan's first message to a creator who has intros on. The chat is an intro
  // (for both sides) until its first message ends it; only the fan can intro.
  const fanView = viewer.type === 'user' && row.other_type === 'featured';
  const creatorView = viewer.type === 'featured' && row.other_type === 'user';
  const introEnabled = fanView ? row.other_intro_enabled : creatorView && viewer.intro_enabled;
  const hasMessages = row.last_message_id !== null;
  return {
    _id: row.chat_id,
    chat_id: row.chat_id,
    recipient_id: row.other_user_id,
    other_user: {
      _id: row.other_user_id,
      username: row.username,
      type: row.other_type,
      avatar_url: row.avatar_url,
      ...presence,
    },
    unread_messages: row.unread_messages,
    unread_messages_favorites: row.is_favorite ? row.unread_messages : 0,
    last_message_time: iso(row.last_message_at),
    last_message:
      row.last_message_id !== null && row.lm_sender_id && row.lm_created_at
        ? {
            _id: String(row.last_message_id),
            type: row.lm_type ?? 'text',
            text: row.lm_deleted_at ? null : (row.lm_text ?? null),
            sender_id: row.lm_sender_id,
            created_at: row.lm_created_at.toISOString(),
            is_deleted: row.lm_deleted_at !== null,
          }
        : null,
    created_at: row.chat_created_at.toISOString(),
    type: row.other_type,
    category: categoriesOf(row, online, now),
    is_favorite: row.is_favorite,
    is_blocked: row.blocked,
    is_blocked_by_other: row.blocked_by_other === true,
    is_media_blocked: row.media_blocked,
    is_media_blocked_by_other: row.media_blocked_by_other === true,
    is_staff: row.other_role === 'admin',
    is_staff_mo: false,
    intro_enabled: introEnabled,
    intro_ended: hasMessages,
    is_intro: introEnabled && !hasMessages,
    can_intro: fanView && introEnabled && !hasMessages,
    credit_rate: row.credit_rate,
    spent_credits: row.spent_credits,
    credits: viewer.credits,
    relationship: row.fan_relationship ?? null,
    notes,
  };
}
