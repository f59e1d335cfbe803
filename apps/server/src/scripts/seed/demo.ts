import { hash } from '@node-rs/argon2';
import { CreateFeedRequest } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { avatarUrl } from '../../modules/avatars/service';
import { discoverRepository } from '../../modules/discover/repository';
import { createPost } from '../../modules/feed/service';
import { ledger } from '../../modules/ledger/service';
import type { MediaRow } from '../../modules/media/repository';
import { createMediaStorage } from '../../modules/media/storage';
import { usersRepository } from '../../modules/users/repository';
import { type DemoPicture, seedDemoMedia } from './demo-media';
import { DEMO_PASSWORD } from './demo-passwords';
import { seedRepository } from './repository';

export { DEMO_PASSWORD };

interface DemoUser {
  username: string;
  type: 'user' | 'featured';
  role?: 'admin';
  gender: 'male' | 'female' | 'other';
  bio: string;
  credits: number;
  tags?: string[];
}

const USERS: DemoUser[] = [
  {
    username: 'mila',
    type: 'featured',
    gender: 'female',
    bio: 'Travel, coffee and late-night chats ☕',
    credits: 0,
    tags: ['travel', 'coffee'],
  },
  {
    username: 'sofia',
    type: 'featured',
    gender: 'female',
    bio: 'Fitness coach. Ask me anything about training.',
    credits: 0,
    tags: ['fitness'],
  },
  {
    username: 'luna',
    type: 'featured',
    gender: 'female',
    bio: 'Singer-songwriter sharing new demos first here.',
    credits: 0,
    tags: ['music'],
  },
  { username: 'alex', type: 'user', gender: 'male', bio: '', credits: 500 },
  { username: 'sam', type: 'user', gender: 'male', bio: '', credits: 120 },
  { username: 'admin', type: 'user', role: 'admin', gender: 'other', bio: 'Parlor support', credits: 0 },
];

/** A photo in a message: one of the demo pictures, free or at a price in credits. */
interface LinePhoto {
  picture: DemoPicture;
  price?: number;
}
type Line = [from: 'fan' | 'creator', text: string, photo?: LinePhoto];

/** Mila's vault: the photos of her chat with Alex, and a few she has not sent yet. */
const VAULT: { creator: string; pictures: DemoPicture[] } = {
  creator: 'mila',
  pictures: ['coffee', 'mountains', 'beach', 'rooftops', 'sunset'],
};

const CONVERSATIONS: { fan: string; creator: string; lines: Line[] }[] = [
  {
    fan: 'alex',
    creator: 'mila',
    lines: [
      ['fan', 'Hi Mila! Loved your photos from Lisbon 😍'],
      ['creator', 'Thank you Alex! It was such a beautiful trip.'],
      ['creator', 'The rooftops of Alfama, for you 🏠', { picture: 'rooftops' }],
      ['fan', 'Where should I go for the best pastel de nata?'],
      ['creator', 'Manteigaria, no contest. Go early!'],
      ['creator', 'And the sunset from the miradouro 🌅', { picture: 'sunset', price: 50 }],
      ['fan', 'Noted. Any plans for your next trip?'],
    ],
  },
  {
    fan: 'alex',
    creator: 'sofia',
    lines: [
      ['fan', 'Hey Sofia, what would you recommend for a beginner?'],
      ['creator', 'Three full-body sessions a week. Consistency beats intensity!'],
    ],
  },
  {
    fan: 'sam',
    creator: 'mila',
    lines: [
      ['fan', 'Hello from Berlin 👋'],
      ['creator', 'Hi Sam! How is the weather there?'],
      ['fan', 'Grey, as always. Send sunshine!'],
    ],
  },
];

/** Each demo creator's feed: a public post, one for subscribers and a paid one, oldest first. */
const FEEDS: {
  creator: string;
  posts: { text: string; picture: DemoPicture; private?: boolean; price?: number }[];
}[] = [
  {
    creator: 'mila',
    posts: [
      { text: 'Good morning from Lisbon ☕', picture: 'coffee' },
      { text: 'A quiet hike, just for my subscribers 🏔', picture: 'mountains', private: true },
      { text: 'The best beach of the trip 🌊', picture: 'beach', price: 40 },
    ],
  },
  {
    creator: 'sofia',
    posts: [
      { text: 'Sunrise run done. Who is training today?', picture: 'sunset' },
      { text: 'My full weekly plan, for subscribers', picture: 'rooftops', private: true },
      { text: 'Beach workout, full set', picture: 'beach', price: 30 },
    ],
  },
  {
    creator: 'luna',
    posts: [
      { text: 'New demo coming Friday 🎶', picture: 'sunset' },
      { text: 'Where I write: a peek for subscribers', picture: 'coffee', private: true },
      { text: 'The mountain session, unplugged', picture: 'mountains', price: 50 },
    ],
  },
];

/**
 * Demo creators, fans, an admin, a few conversations and Mila's photos (her vault, a free and a
 * paid one in her chat with Alex), for `npm start` on an empty database (in production only with
 * SEED_DEMO=true). Fans' starting credits
 * are ledger rows like any other credit change; the photos go through the upload pipeline.
 */
export async function seedDemo(
  ctx: AppContext,
): Promise<{ role: string; login: string; password: string }[]> {
  const passwordHash = await hash(DEMO_PASSWORD);
  await ctx.db.transaction().execute(async (trx) => {
    const ids = new Map<string, string>();
    for (const u of USERS) {
      const id = await seedRepository.insertUser(trx, {
        username: u.username,
        email: `${u.username}@parlor.local`,
        password_hash: passwordHash,
        type: u.type,
        role: u.role ?? 'user',
        gender: u.gender,
        bio: u.bio,
        tags: u.tags ?? [],
        referral_code: u.username,
        email_verified: true,
        id_verified: u.type === 'featured',
        id_verification_status: u.type === 'featured' ? 'verified' : null,
        discover_status: u.type === 'featured' ? 'featured' : 'hidden',
        is_customer: u.credits > 0,
        is_bought_credit_package: u.credits > 0,
        avatar_url: avatarUrl(u.username, u.username),
        // Creators were seen recently, so Discover ranks them as active.
        last_online: u.type === 'featured' ? ctx.clock.now() : null,
        // Demo people signed up as everyone does: 18 or older, terms accepted.
        terms_accepted_at: ctx.clock.now(),
      });
      ids.set(u.username, id);
      if (u.credits > 0) {
        await ledger.credit(trx, {
          userId: id,
          account: 'credits',
          amount: u.credits,
          reason: 'admin_adjustment',
          idempotencyKey: 'demo-seed',
          reference: 'demo starting balance',
        });
      }
    }
    const owner = (await usersRepository.findById(trx, ids.get(VAULT.creator)!))!;
    const photos = await seedDemoMedia(
      { ...ctx, db: trx },
      createMediaStorage(ctx.config),
      owner,
      VAULT.pictures,
    );
    for (const [i, c] of CONVERSATIONS.entries()) {
      await seedConversation(trx, ids.get(c.fan)!, ids.get(c.creator)!, c.lines, i, photos);
      // A fan in conversation with a creator follows her.
      await seedRepository.insertFollow(trx, ids.get(c.fan)!, ids.get(c.creator)!);
    }
    // Feed posts go through the feed's own code path, on their creator's uploads.
    for (const feed of FEEDS) {
      const creator = (await usersRepository.findById(trx, ids.get(feed.creator)!))!;
      const pictures = feed.posts.map((p) => p.picture);
      const media =
        feed.creator === VAULT.creator
          ? photos
          : await seedDemoMedia({ ...ctx, db: trx }, createMediaStorage(ctx.config), creator, pictures);
      for (const p of feed.posts) {
        const body = CreateFeedRequest.parse({
          text: p.text,
          public_id: media.get(p.picture)!.public_id,
          private_feed: p.private ?? false,
          price: p.price ?? 0,
        });
        await createPost({ ...ctx, db: trx }, creator, body);
      }
    }
    // Every demo creator is featured in Discover; ranks as the discover-rank job keeps them.
    await discoverRepository.refreshRanks(trx, ctx.clock.now());
  });
  return USERS.map((u) => ({
    role: u.role ?? (u.type === 'featured' ? 'creator' : 'fan'),
    login: u.username,
    password: DEMO_PASSWORD,
  }));
}

async function seedConversation(
  trx: Kysely<DB>,
  fanId: string,
  creatorId: string,
  lines: Line[],
  index: number,
  photos: Map<DemoPicture, MediaRow>,
) {
  const [low, high] = fanId < creatorId ? [fanId, creatorId] : [creatorId, fanId];
  const chatId = await seedRepository.insertChat(trx, low, high);
  const start = Date.now() - (index + 1) * 3_600_000;
  let last = { id: 0, at: new Date(start), sender: fanId };
  // When each side last wrote: the other member's row keeps it as `last_received_at`.
  const wrote = new Map<string, Date>();
  for (const [n, [from, text, photo]] of lines.entries()) {
    const sender = from === 'fan' ? fanId : creatorId;
    const at = new Date(start + n * 120_000);
    const media = photo ? photos.get(photo.picture) : undefined;
    const msgId = await seedRepository.insertMessage(trx, {
      chat_id: chatId,
      sender_id: sender,
      recipient_id: sender === fanId ? creatorId : fanId,
      text,
      ...(media ? { type: 'image' as const, media_id: media.id, price: photo?.price ?? 0 } : {}),
      created_at: at,
      is_read: n < lines.length - 1,
      read_at: n < lines.length - 1 ? at : null,
    });
    last = { id: msgId, at, sender };
    wrote.set(sender, at);
  }
  const lastIsFan = last.sender === fanId;
  for (const [userId, otherId] of [
    [fanId, creatorId],
    [creatorId, fanId],
  ] as const) {
    await seedRepository.insertMember(trx, {
      chat_id: chatId,
      user_id: userId,
      other_user_id: otherId,
      last_message_id: last.id,
      last_message_at: last.at,
      last_sender_id: last.sender,
      last_received_at: wrote.get(otherId) ?? null,
      unread_messages: (userId === creatorId) === lastIsFan ? 1 : 0,
    });
  }
}
