import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_S, TOTP_SECRET_BYTES } from '@parlor/contract';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../../context';
import { cipherKey, parseSealed, seal, sealedText, unseal } from '../../lib/seal';

// RFC 6238 through `otpauth` (docs/accounts.md says why this library): SHA-1, 6 digits, 30-second
// steps, which is what every authenticator app reads from a QR code.

/** One step of clock drift either way: a code of the previous or the next 30 seconds still works. */
const DRIFT_STEPS = 1;

const totpOf = (base32: string, label = TOTP_ISSUER) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(base32),
  });

/** A new random secret of 160 bits, base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: TOTP_SECRET_BYTES }).base32;

/** The `otpauth://totp/Parlor:{username}?…` URL a QR code carries. */
export const otpauthUrl = (base32: string, username: string): string => totpOf(base32, username).toString();

/**
 * The 30-second step a code belongs to, within one step of drift of `now`, or null when it matches
 * none. The caller accepts it only for a step newer than the last one used, so a code works once.
 */
export function stepOfCode(base32: string, code: string, now: Date): number | null {
  const totp = totpOf(base32);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

const keyOf = (ctx: Pick<AppContext, 'secrets'>) => cipherKey(ctx.secrets.totpKey, 'parlor totp secret');

/** The secret as the table keeps it: sealed with the server's TOTP key. */
export const sealSecret = (ctx: Pick<AppContext, 'secrets'>, base32: string) =>
  sealedText(seal(keyOf(ctx), base32));
export const openSecret = (ctx: Pick<AppContext, 'secrets'>, stored: string) =>
  unseal(keyOf(ctx), parseSealed(stored));
