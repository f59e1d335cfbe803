import http from 'node:http';
import { type Endpoint, endpoints } from '@parlor/contract';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { core, type Def, fieldsOf, JUNK, JUNK_TEXT, MB, multipart } from './support/fuzz-values';
import { photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// Every endpoint of the contract's table receives malformed variants of its request (wrong types,
// sizes, encodings, nesting, path and query junk, damaged multipart) and must answer below 500.
// The variants come from a seeded generator, so a run is reproducible (PARLOR_FUZZ_SEED picks
// another) and bounded. Each failure names the method, the path and the variant.

const SEED = Number(process.env.PARLOR_FUZZ_SEED ?? 1123);
/** Generated request variants per endpoint, as a fan and as a creator. */
const FAN_RUNS = 15;
const CREATOR_RUNS = 6;

const it = apiTest({ AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });

/** Real ids of the world, so that generated requests also reach past the lookups. */
const ids: Record<
  'creator' | 'fan' | 'chat' | 'message' | 'otherMessage' | 'publicId' | 'md5' | 'note',
  string
> = {
  creator: '',
  fan: '',
  chat: '',
  message: '',
  otherMessage: '',
  publicId: '',
  md5: '',
  note: '',
};
let fan: { token: string; user: { _id: string } };
let creator: { token: string; user: { _id: string } };

async function newFan(w: World) {
  const f = await w.fan();
  await w.giveCredits(f.user._id, 500);
  const sent = await w.send(f.token, ids.creator, 'hello');
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  ids.fan = f.user._id;
  ids.chat = sent.body.message.chat_id;
  ids.message = sent.body.message._id;
  return f;
}

it.beforeAll(async ({ server, w }) => {
  creator = await w.creator();
  ids.creator = creator.user._id;
  fan = await newFan(w);
  // A message of another chat, for ids that exist but are not the caller's to use.
  const elsewhere = await w.send(fan.token, (await w.creator()).user._id, 'elsewhere');
  ids.otherMessage = elsewhere.body.message._id;
  const photo = await upload(server.url, creator.token, await photoWithGps(64, 48));
  ids.publicId = photo.body.media.public_id;
  ids.md5 = photo.body.media.media_id;
  const note = await w.api.call('POST', '/v1/chats/note', {
    token: creator.token,
    body: { id: ids.fan, note: 'a note' },
  });
  ids.note = note.body._id;
}, 120_000);

// --- the request as bytes over a raw socket (no URL normalising, any body) ---

interface Variant {
  name: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

function send(
  server: TestServer,
  method: string,
  token: string,
  v: Variant,
): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'access-token': token, ...v.headers };
    if (v.body) headers['content-length'] = v.body.length;
    // A connection each: one the server closed after a refusal is never reused.
    const req = http.request(
      { host: '127.0.0.1', port, method, path: v.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString().slice(0, 300) }),
        );
        res.on('error', reject);
      },
    );
    // A request the server holds forever (a query waiting on a lock) fails its test by name.
    req.setTimeout(10_000, () =>
      req.destroy(Object.assign(new Error('no answer in 10 s'), { code: 'TIMEOUT' })),
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // Node's HTTP server answers a request line and headers over its 16 KB limit with 431 and
      // closes the socket, often before this side has finished writing: that is a refusal.
      if (v.path.length > 16 * 1024 && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        resolve({ status: 431, body: error.code });
      } else reject(new Error(`${error.code} on ${v.path.slice(0, 100)} [${v.name.slice(0, 200)}]`));
    });
    req.end(v.body);
  });
}

// --- what the schemas expect, read from the zod definitions (support/fuzz-values.ts) ---

/** Values a field could well hold: the world's ids, enum members, small numbers. */
function plausible(def: Def, depth = 0): unknown[] {
  switch (def.type) {
    case 'string':
      return [...Object.values(ids), 'hello', '1', '999999999', ''];
    case 'number':
    case 'int':
      return [0, 1, 7, 100];
    case 'boolean':
      return [true, false];
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'literal':
      return def.values ?? [];
    case 'array':
      return depth > 2 ? [[]] : [[], plausible(core(def.element), depth + 1).slice(0, 2)];
    case 'object':
      return [{}];
    case 'union':
      return (def.options ?? []).flatMap((o) => plausible(core(o), depth + 1));
    default:
      return [null];
  }
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null');
const JSON_TYPE = { 'content-type': 'application/json' };

/** The path with its params filled: plausible ids, or the value given for one param. */
function pathOf(e: Endpoint, fill: Record<string, string> = {}): string {
  const params = fieldsOf(e.params);
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    if (fill[name] !== undefined) return fill[name];
    const def = params[name];
    if (def?.type === 'enum') return String(Object.values(def.entries ?? {})[0]);
    if (name === 'publicId') return ids.publicId;
    if (name === 'username') return 'nobody';
    if (name === 'file' || name === 'variant') return 'th';
    if (e.path.startsWith('/v1/notes')) return ids.note;
    if (e.path.startsWith('/v1/messages')) return ids.message;
    if (name === 'chatId') return ids.chat;
    return ids.fan;
  });
}

/** Percent-encodes text, a lone surrogate as the bytes a careless encoder would send. */
const percent = (text: string) =>
  encodeURIComponent(text.replace(/\p{Surrogate}/gu, '\u0001')).replaceAll('%01', '%ED%A0%80');

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      const text = typeof one === 'string' ? one : JSON.stringify(one);
      parts.push(`${encodeURIComponent(k)}=${percent(text ?? '')}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface Example {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/**
 * A valid request for the endpoints whose handlers do the most with what they read: variants
 * change one field of it at a time, so the junk reaches past validation into the services.
 */
function examples(name: string): Example[] {
  const text = { type: 'text', recipient_id: ids.creator, text: 'hi' };
  const table: Record<string, Example[]> = {
    listChats: [{ query: { limit: 10, offset: 0, search: 'a', type: 'all' } }],
    chatsPresence: [{ query: { ids: ids.creator } }],
    getChat: [{ query: { recipient_id: ids.creator } }],
    openChat: [{ body: { recipient_id: ids.creator } }],
    chatsAction: [
      { body: { action: 'read', ids: ids.creator, from_message_id: ids.message } },
      { body: { action: 'report', ids: ids.creator, reason: 'spam' } },
      { body: { action: 'hide', except_ids: ids.creator, type: 'all' } },
    ],
    changeRate: [{ body: { user_id: ids.fan, rate: 5 } }],
    createNote: [{ body: { id: ids.fan, note: 'a note' } }],
    updateNote: [{ body: { text: 'changed' } }],
    listMessages: [{ query: { limit: 10, offset: 0, last_message_id: ids.message } }],
    messagesByIds: [{ query: { ids: `${ids.message},${ids.otherMessage}` } }],
    sendMessage: [
      { body: { ...text, parent_message_id: ids.message, clientSideReceiveId: 'send-1' } },
      { body: { type: 'image', recipient_id: ids.creator, media_id: ids.md5, price: 0 } },
      {
        body: { type: 'gif', recipient_id: ids.creator, gif_url: 'https://example.com/a.gif', gif_width: 10 },
      },
    ],
    signIn: [{ body: { login: 'nobody', password: 'secret123' } }],
    signUp: [
      {
        body: {
          email: 'a@example.com',
          password: 'secret123',
          username: 'fuzzed',
          type: 'user',
          confirm_adult: true,
          accept_terms: true,
        },
      },
    ],
    requestPasswordReset: [{ body: { login: 'nobody' } }],
    confirmPasswordReset: [{ body: { token: 'not-a-token', password: 'secret123' } }],
    checkPasswordReset: [{ body: { token: 'not-a-token' } }],
    changePassword: [{ body: { current_password: 'wrong-one', new_password: 'secret1234' } }],
    updateUser: [{ body: { bio: 'hello', gender: 'other', settings: { profile: { invisible: false } } } }],
    usernameAvailable: [{ query: { username: 'someone' } }],
    updatePayoutDefaults: [
      {
        query: { verification_code: '123456' },
        body: { payout_method: 'paypal_transfer', payout_account: 'abc@x.io' },
      },
    ],
    addTag: [{ body: { tag: 'music' } }],
    removeTag: [{ query: { tag: 'music' } }],
    setGreeting: [{ body: { text: 'hello' } }],
    mediaAvailable: [{ query: { media_id: ids.md5, type: 'message' } }],
    listVault: [{ query: { limit: 10, offset: 0, chat_id: ids.chat } }],
    deleteFromVault: [{ query: { ids: ids.md5 } }],
    listPurchases: [{ query: { state: 'visible', limit: 10, offset: 0 } }],
    hidePurchases: [{ query: { ids: ids.message } }],
    unhidePurchases: [{ query: { ids: ids.message } }],
    pay: [{ body: { package_id: '1', card_id: '1', type: 'credits', model_id: ids.creator } }],
    cryptoTopUp: [{ body: { package_id: '1', currency: 'USDT', idempotency_key: 'fuzz-key-1' } }],
    deleteCard: [{ query: { id: '1' } }],
    sendTip: [{ body: { recipient_id: ids.creator, chat_id: ids.chat, amount: 5 } }],
    listSubscriptions: [{ query: { limit: 10, offset: 0 } }],
    subscribe: [{ body: { model_id: ids.creator, idempotency_key: 'fuzz-sub-1' } }],
    cancelSubscriptions: [{ query: { ids: ids.creator } }],
    mediaFile: [{ query: { u: ids.fan, e: 9_999_999_999, s: 'sig' } }],
  };
  return table[name] ?? [{}];
}

/**
 * Requests that once answered 500 (or held the database), kept word for word so they stay fixed;
 * the damaged uploads are among the fixed multipart variants.
 */
function found(name: string): Variant[] {
  const text = { type: 'text', recipient_id: ids.creator, text: 'hi' };
  const table: Record<string, [string, Record<string, unknown>][]> = {
    // A parent id no message has broke the messages' foreign key.
    sendMessage: [['a reply to no message', { ...text, parent_message_id: '999999999' }]],
    chatsAction: [
      // A uuid that is no user broke the reports' foreign key.
      [
        'a report of no user',
        { action: 'report', ids: '7b0f3a52-1c1e-4b7e-9f7a-3c2d1e0f9a8b', reason: 'spam' },
      ],
      // Reporting a whole category read it outside the action's transaction: on the single
      // connection of PGlite that waited for itself forever.
      [
        'a report of a whole category',
        { action: 'report', except_ids: ids.fan, type: 'all', reason: 'spam' },
      ],
    ],
  };
  return (table[name] ?? []).map(([variant, body]) => ({
    name: `found: ${variant}`,
    path: name === 'sendMessage' ? '/v1/messages' : '/v1/chats',
    headers: JSON_TYPE,
    body: json(body),
  }));
}

/**
 * Generated variants: each field of a valid example changed to a plausible or a junk value in
 * turn, then requests whose every field is plausible, absent or junk at once.
 */
function generated(name: string, e: Endpoint, runs: number, seed: number): Variant[] {
  const bodyFields = fieldsOf(e.body);
  const queryFields = fieldsOf(e.query);
  const takesBody = e.method !== 'GET';
  const value = (def: Def) =>
    fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...plausible(def)) }, fc.constantFrom(...JUNK));
  const requests: Example[] = [];
  examples(name).forEach((example, i) => {
    const parts = [
      ['query', queryFields],
      ['body', takesBody ? bodyFields : {}],
    ] as const;
    for (const [part, fields] of parts) {
      Object.entries(fields).forEach(([field, def], j) => {
        for (const v of fc.sample(value(def), { seed: seed + i * 1000 + j, numRuns: 2 })) {
          requests.push({ ...example, [part]: { ...example[part], [field]: v } });
        }
      });
    }
  });
  const record = (fields: Record<string, Def>) =>
    fc.record(Object.fromEntries(Object.entries(fields).map(([k, def]) => [k, value(def)])), {
      requiredKeys: [],
    });
  const random = fc.record({
    body: takesBody
      ? fc.oneof({ weight: 4, arbitrary: record(bodyFields) }, fc.constantFrom(...JUNK))
      : fc.constant(undefined),
    query: record(queryFields),
  });
  requests.push(...(fc.sample(random, { seed, numRuns: runs }) as Example[]));
  return requests.map((r, i) => {
    const query = queryString(r.query ?? {});
    const body = r.body === undefined ? undefined : json(r.body);
    const shown = body && body.length > 200 ? `${body.subarray(0, 200).toString()}…` : body?.toString();
    return {
      name: `generated #${i} body=${shown}`,
      path: `${pathOf(e)}${query}`,
      ...(body ? { headers: JSON_TYPE, body } : {}),
    };
  });
}

/** Fixed variants: junk in each path param, raw query junk, bodies no JSON parser should accept. */
function fixed(e: Endpoint): Variant[] {
  const out: Variant[] = [];
  for (const name of Object.keys(fieldsOf(e.params))) {
    for (const junk of JUNK_TEXT)
      out.push({ name: `param ${name}=${junk}`, path: pathOf(e, { [name]: junk }) });
  }
  const base = pathOf(e);
  for (const q of [
    '?%',
    '?a=%ZZ',
    '?=&&=',
    `?${'a=1&'.repeat(2000)}`,
    '?k=%00',
    '?k[]=1&k[a]=2',
    '?ids=%ED%A0%80',
  ]) {
    out.push({ name: `query ${q.slice(0, 40)}`, path: `${base}${q}` });
  }
  for (const [k, def] of Object.entries(fieldsOf(e.query))) {
    out.push({ name: `query ${k} repeated`, path: `${base}?${k}=1&${k}=2` });
    if (def.type !== 'string') out.push({ name: `query ${k} as text`, path: `${base}?${k}=text` });
  }
  if (e.method === 'GET') return out;
  const bodies: [string, Record<string, string>, Buffer][] = [
    [
      'invalid UTF-8',
      JSON_TYPE,
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
    ],
    ['latin-1 charset', { 'content-type': 'application/json; charset=latin1' }, json({ a: 'é' })],
    ['cut JSON', JSON_TYPE, Buffer.from('{"a": [1, 2')],
    ['JSON nested 10,000 deep', JSON_TYPE, Buffer.from(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)],
    ['a lone surrogate escape', JSON_TYPE, Buffer.from('{"text":"\\ud800"}')],
    ['a NUL escape in a key', JSON_TYPE, Buffer.from('{"a\\u0000":1}')],
    ['__proto__', JSON_TYPE, Buffer.from('{"__proto__":{"admin":true}}')],
    ['over the body limit', JSON_TYPE, json({ text: `${MB}${MB}` })],
    ['text/plain', { 'content-type': 'text/plain' }, Buffer.from('hello')],
    ['form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }, Buffer.from('a=1&b=%ZZ')],
    ['xml', { 'content-type': 'application/xml' }, Buffer.from('<a/>')],
    ['no content type', {}, Buffer.from('{"a":1}')],
    ['a content type of junk', { 'content-type': ';;;=/' }, Buffer.from('{}')],
    ...multipart(),
  ];
  for (const [name, headers, body] of bodies) out.push({ name: `body ${name}`, path: base, headers, body });
  return out;
}

/** The entries the fuzz walks: all of the table but the socket. */
const entries = Object.entries(endpoints as Record<string, Endpoint>).filter(
  // The event socket is an HTTP upgrade: a plain request to it never reaches a handler, and its
  // frames are not described by a schema. Its query token is tested in realtime.test.ts.
  ([, e]) => e.transport !== 'websocket',
);

async function attack(server: TestServer, e: Endpoint, token: string, variants: Variant[]) {
  const failures: string[] = [];
  for (const v of variants) {
    const res = await send(server, e.method, token, v);
    if (res.status >= 500)
      failures.push(`${e.method} ${v.path.slice(0, 200)} [${v.name}] -> ${res.status} ${res.body}`);
  }
  return failures;
}

const works = async (server: TestServer, token: string) =>
  (await send(server, 'GET', token, { name: 'me', path: '/v1/users/me' })).status === 200;

/** A fan and a creator whose sessions still work (a variant may have ended the last ones'). */
async function liveAccounts(server: TestServer, w: World) {
  if (!(await works(server, creator.token))) {
    creator = await w.creator();
    ids.creator = creator.user._id;
    fan = await newFan(w);
  }
  if (!(await works(server, fan.token))) fan = await newFan(w);
  return { fan, creator };
}

describe('every endpoint answers malformed requests below 500', () => {
  entries.forEach(([name, e], index) => {
    it(`${name}: ${e.method} ${e.path}`, async ({ server, w }) => {
      const seed = SEED + index;
      const failures = await attack(server, e, (await liveAccounts(server, w)).fan.token, [
        ...found(name),
        ...fixed(e),
        ...generated(name, e, FAN_RUNS, seed),
      ]);
      failures.push(
        ...(await attack(
          server,
          e,
          (
            await liveAccounts(server, w)
          ).creator.token,
          generated(name, e, CREATOR_RUNS, -seed),
        )),
      );
      expect(failures).toEqual([]);
    });
  });
});
