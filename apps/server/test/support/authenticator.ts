import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// A software passkey for API tests: @simplewebauthn ships no test authenticator, so this makes
// what a browser and a platform authenticator would send, with a P-256 key of node:crypto: the
// attestation (format "none") of navigator.credentials.create() and the signed assertions of
// navigator.credentials.get(), following the Web Authentication spec's byte layouts.

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The few CBOR shapes WebAuthn needs: integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 256) return Buffer.from([(major << 5) | 24, value]);
  if (value < 65536) return Buffer.from([(major << 5) | 25, value >> 8, value & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** One passkey on one software authenticator: `register` once, then `assert` as often as needed. */
export function softPasskey(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle = '';
  const rpId = new URL(origin).hostname;

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };

  return {
    id: b64u(credentialId),
    /** What navigator.credentials.create() answers for these options. */
    register(options: CreationOptions, overrides: { origin?: string; challenge?: string } = {}) {
      userHandle = options.user.id;
      const coseKey = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x as string, 'base64url')],
          [-3, Buffer.from(jwk.y as string, 'base64url')],
        ]),
      );
      const idLength = Buffer.from([credentialId.length >> 8, credentialId.length & 255]);
      const authData = Buffer.concat([
        sha256(options.rp.id ?? rpId),
        Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
        counterBytes(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const data = overrides.origin
        ? Buffer.from(
            JSON.stringify({
              type: 'webauthn.create',
              challenge: options.challenge,
              origin: overrides.origin,
            }),
          )
        : clientData('webauthn.create', overrides.challenge ?? options.challenge);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(data),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /**
     * What navigator.credentials.get() answers: signed over the authenticator data and the client
     * data's hash, the counter one up each time (`counter` sets it, to replay an older one).
     */
    assert(options: RequestOptions, overrides: { counter?: number; userVerified?: boolean } = {}) {
      counter = overrides.counter ?? counter + 1;
      const data = clientData('webauthn.get', options.challenge);
      const authData = Buffer.concat([
        sha256(options.rpId ?? rpId),
        Buffer.from([FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV)]),
        counterBytes(counter),
      ]);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(data),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
export type SoftPasskey = ReturnType<typeof softPasskey>;
