import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push as the push service received it, decrypted with the subscription's keys. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload (RFC 8291), parsed as JSON. */
  payload: any;
  /** The VAPID JWT's claims, after its ES256 signature was checked against `k`. */
  vapid: { aud: string; exp: number; sub: string; k: string };
}

/** A browser's side of one subscription: the keys it made, and the JSON it would give the app. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
  publicKey: Buffer;
  auth: Buffer;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** RFC 8291 + RFC 8188 (aes128gcm, one record): what a browser does with a push it receives. */
export function decryptPush(body: Buffer, sub: TestSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): ES256 over the JWT with key k. */
export function checkVapid(header: string | undefined): ReceivedPush['vapid'] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (header_.alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  return { ...JSON.parse(Buffer.from(p, 'base64url').toString()), k };
}

/**
 * A push service on 127.0.0.1: every subscription it hands out is an endpoint on it; it decrypts
 * what arrives with the keys the "browser" made and checks the VAPID signature. An endpoint can be
 * told to answer 410 Gone, as a real service does for an unsubscribed browser.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const subs = new Map<string, TestSubscription>();
  const gone = new Set<string>();
  const errors: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (gone.has(path)) {
        res.writeHead(410).end();
        return;
      }
      const sub = subs.get(path);
      if (!sub) {
        res.writeHead(404).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = checkVapid(req.headers.authorization);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), sub).toString('utf8'));
        received.push({ path, headers: req.headers, payload, vapid });
        res.writeHead(201).end();
      } catch (err) {
        errors.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    origin,
    received,
    errors,
    /** A new browser subscription: its keys are made here, like a browser's. */
    subscription(): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${++n}-${randomBytes(4).toString('hex')}`;
      const sub: TestSubscription = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        privateKey: ecdh.getPrivateKey(),
        publicKey: ecdh.getPublicKey(),
        auth,
      };
      subs.set(path, sub);
      return sub;
    },
    /** From now on this endpoint answers 410 Gone. */
    expire(sub: TestSubscription) {
      gone.add(new URL(sub.endpoint).pathname);
    },
    to: (sub: TestSubscription) => received.filter((r) => r.path === new URL(sub.endpoint).pathname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
