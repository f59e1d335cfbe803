import type { Card, DiscoverWarnings } from '@parlor/contract';

/** A Discover card with the fields a test cares about. */
export const card = (id: string, over: Partial<Card> = {}): Card => ({
  _id: id,
  type: 'featured',
  username: id,
  avatar: null,
  bio: '',
  tags: [],
  gender: 'female',
  is_followee: false,
  is_online: false,
  last_online: null,
  rank: 0,
  punishment_alert: false,
  final_punishment_alert: false,
  distance_km: null,
  profileFeed: [],
  ...over,
});

/** The discover warnings of an asker who has none. */
export const NO_WARNINGS: DiscoverWarnings = {
  punishment_alert: false,
  final_punishment_alert: false,
  not_listed: false,
};
