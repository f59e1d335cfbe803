// The capacity benchmark's population (bench/capacity.ts): who is seeded and what each simulated
// person carries through the run.
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type WebSocket from 'ws';
import { openDatabase } from '../../apps/server/src/db/connection';
import { seedInbox } from '../seed-inbox';
import type { BenchEnv } from './env';

export interface Person {
  i: number;
  id: string;
  token: string;
  username: string;
  creator: boolean;
  /** chat partners: other person's id and the chat's id */
  chats: { chatId: string; otherId: string }[];
  server: number;
  ws?: WebSocket | undefined;
  open: boolean;
  visible: boolean;
  /** Fans who wrote to this creator and wait for an answer. */
  waiting: string[];
  photoMd5?: string;
  stopped: boolean;
}

export interface PopulationOptions {
  /** The chats of the creator whose deep inbox page is measured. */
  bigInbox: number;
  creatorShare: number;
  chatsPerFan: number;
  /** One password for every seeded person. */
  password: string;
}

/**
 plus `people`
 * simulated people, a CREATOR_SHARE of them creators, each fan in chats with CHATS_PER_FAN creators,
 * fans holding credits their ledger accounts for, a token per person and one password for all.
 */
export async function seedPopulation(e: BenchEnv, people: number, opts: PopulationOptions) {
  const { bigInbox, creatorShare, chatsPerFan, password } = opts;
  const manifest = await seedInbox(e, { fans: bigInbox, messages: Math.round(bigInbox * 1.5), tokens: 1 });
  const creators = Math.max(chatsPerFan, Math.round(people * creatorShare));
  const secret = randomBytes(12).toString('hex');
  const passwordHash = await hash(password);
  const database = await openDatabase({ databaseUrl: e.databaseUrl, dataDir: e.dataDir });
  try {
    return await database.session(async (s) => {
      const t = performance.now();
      await s.exec(`
        CREATE TEMP TABLE cap_people AS
          SELECT i, gen_random_uuid() AS id, i <= ${creators} AS creator FROM generate_series(1, ${people}) i;
        INSERT INTO users (id, username, email, password_hash, type, referral_code, email_verified,
                           id_verified, id_verification_status, discover_status)
          SELECT id, 'capc' || i, 'capc' || i || '@bench.invalid', '${passwordHash}', 'featured', 'CAPC' || i,
                 true, true, 'verified', 'featured'
          FROM cap_people WHERE creator;
        INSERT INTO users (id, username, email, password_hash, type, referral_code, email_verified, credits)
          SELECT id, 'capf' || i, 'capf' || i || '@bench.invalid', '${passwordHash}', 'user', 'CAPF' || i, true,
                 1000000
          FROM cap_people WHERE NOT creator;
        INSERT INTO ledger_entries (user_id, account, delta, balance_after, reason, idempotency_key)
          SELECT id, 'credits', 1000000, 1000000, 'admin_adjustment', 'bench-seed' FROM cap_people WHERE NOT creator;
        CREATE TEMP TABLE cap_pairs AS
          SELECT f.id AS fan, c.id AS creator
          FROM cap_people f
          CROSS JOIN generate_series(0, ${chatsPerFan - 1}) k
          JOIN cap_people c ON c.creator AND c.i = 1 + ((f.i + k * (${creators} / ${chatsPerFan})) % ${creators})
          WHERE NOT f.creator;
        INSERT INTO chats (user_low, user_high)
          SELECT DISTINCT least(fan, creator), greatest(fan, creator) FROM cap_pairs;
        INSERT INTO chat_members (chat_id, user_id, other_user_id)
          SELECT ch.id, m.user_id, m.other_id
          FROM chats ch
          JOIN cap_people p ON p.id = ch.user_low OR p.id = ch.user_high
          CROSS JOIN LATERAL (VALUES (ch.user_low, ch.user_high), (ch.user_high, ch.user_low)) m(user_id, other_id)
          WHERE p.id = m.user_id AND NOT p.creator;
        INSERT INTO access_tokens (user_id, token_hash, user_agent)
          SELECT id, encode(sha256(convert_to('${secret}-' || i, 'UTF8')), 'hex'), 'parlor-bench' FROM cap_people;
        ANALYZE users; ANALYZE chats; ANALYZE chat_members; ANALYZE access_tokens;`);
      const rows = await s.query<{ i: number; id: string; creator: boolean }>(
        'SELECT i, id::text AS id, creator FROM cap_people ORDER BY i',
      );
      const members = await s.query<{ user_id: string; chat_id: string; other_user_id: string }>(
        `SELECT m.user_id::text, m.chat_id::text, m.other_user_id::text
         FROM chat_members m JOIN cap_people p ON p.id = m.user_id`,
      );
      const chatsOf = new Map<string, { chatId: string; otherId: string }[]>();
      for (const m of members) {
        const list = chatsOf.get(m.user_id) ?? [];
        list.push({ chatId: m.chat_id, otherId: m.other_user_id });
        chatsOf.set(m.user_id, list);
      }
      console.log(
        `  seed: ${people} people (${creators} creators), ${members.length / 2} chats in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
      const population: Person[] = rows.map((r) => ({
        i: r.i,
        id: r.id,
        token: `${secret}-${r.i}`,
        username: `${r.creator ? 'capc' : 'capf'}${r.i}`,
        creator: r.creator,
        chats: chatsOf.get(r.id) ?? [],
        server: 0,
        open: false,
        visible: true,
        waiting: [],
        stopped: false,
      }));
      // Interleave creators among fans, so every step brings both.
      const fans = population.filter((p) => !p.creator);
      const cs = population.filter((p) => p.creator);
      const order: Person[] = [];
      const every = Math.max(1, Math.round(fans.length / Math.max(1, cs.length)));
      for (let f = 0, c = 0; f < fans.length || c < cs.length; ) {
        if (c < cs.length) order.push(cs[c++]!);
        for (let k = 0; k < every && f < fans.length; k++) order.push(fans[f++]!);
      }
      return { order, bigCreator: manifest.creator };
    });
  } finally {
    await database.close();
  }
}

/** A small distinct JPEG per creator (the md5 names it in the vault). */
export async function smallPhoto(i: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: i % 255, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
}
