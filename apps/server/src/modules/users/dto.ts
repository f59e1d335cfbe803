import { ERRORS, type PublicUser, type Session, type User } from '@parlor/contract';
import type { Selectable } from 'kysely';
import type { AccessTokensTable, UserRow } from '../../db/schema';
import { deviceName } from './device';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Maps a users row to the contract's User: the signed-in user's own view. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    type: row.type,
    role: row.role,
    gender: row.gender,
    bio: row.bio,
    avatar_url: row.avatar_url,
    last_online: iso(row.last_online),
    id_verified: row.id_verified,
    is_customer: row.is_customer,
    onboarding_v2: row.onboarding_v2,
    new_fm_onboarding: row.new_fm_onboarding,
    email_verified: row.email_verified,
    code_used: row.code_used,
    affiliate: row.affiliate_id,
    profile_complete_config: {
      is_affiliate_profile_visited: row.is_affiliate_profile_visited,
      is_bought_credit_package: row.is_bought_credit_package,
    },
    requires_moderation: row.requires_moderation,
    id_verification_status: row.id_verification_status,
    discover_status: row.discover_status,
    force_discover: row.force_discover,
    deleted_scheduled: row.deleted_scheduled,
    delete_at: iso(row.delete_at),
    show_skinscore_banner: row.show_skinscore_banner,
    credits: row.credits,
    credits_debt: row.credits_debt,
    has_favorites: row.has_favorites,
    is_broadcasting: row.is_broadcasting,
    unread_feeds: row.unread_feeds,
    tags: row.tags,
    settings: {
      core: { warning_you_have_been_reported: row.warning_reported },
      profile: { invisible: row.profile_invisible, intro_enabled: row.intro_enabled },
      notifications: {
        marketing: row.notify_marketing,
        notifications: row.notify_notifications,
        payments: row.notify_payments,
        payouts: row.notify_payouts,
      },
      spending: { confirm_above: row.spend_confirm_above },
    },
    subscription_price: row.subscription_price,
    created_at: row.created_at.toISOString(),
    boost_until: iso(row.boost_until),
    frozen: row.frozen_at !== null,
    frozen_message: row.frozen_at ? row.frozen_message || ERRORS.frozen : null,
    punishment_alert: row.punishment_alert || row.final_punishment_alert,
    two_factor: { totp: row.totp_enabled_at !== null, passkeys: row.passkey_count },
  };
}

export function toPublicUser(
  row: UserRow,
  presence: { is_online: boolean; last_online: string | null },
  asker: { is_followee: boolean; is_subscribed: boolean; posts: number },
): PublicUser {
  return {
    _id: row.id,
    username: row.username,
    type: row.type,
    gender: row.gender,
    bio: row.bio,
    avatar_url: row.avatar_url,
    last_online: presence.last_online,
    id_verified: row.id_verified,
    tags: row.tags,
    subscription_price: row.subscription_price,
    is_online: presence.is_online,
    is_followee: asker.is_followee,
    is_subscribed: asker.is_subscribed,
    followers: row.followers,
    posts: asker.posts,
  };
}

type SessionRow = Pick<Selectable<AccessTokensTable>, 'id' | 'user_agent' | 'created_at' | 'last_used_at'>;

export function toSession(row: SessionRow, currentTokenId: string): Session {
  return {
    _id: row.id,
    device: deviceName(row.user_agent),
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    current: row.id === currentTokenId,
  };
}
