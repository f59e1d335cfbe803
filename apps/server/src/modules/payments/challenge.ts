// The sandbox's 3-D Secure challenge link (three-ds.ts serves the page): its secret is derived from
// the payment id, so a retried request answers the same link and no one else can answer it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';

/** The challenge link's secret: derived from the payment id, so a retried request answers the same link. */
export function challengeToken(ctx: AppContext, paymentId: string): string {
  return createHmac('sha256', ctx.secrets.codeKey).update(`3ds:${paymentId}`).digest('base64url');
}
export function challengeTokenValid(ctx: AppContext, paymentId: string, token: string): boolean {
  const expected = Buffer.from(challengeToken(ctx, paymentId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
export const challengeUrl = (ctx: AppContext, paymentId: string) =>
  `${ctx.config.publicUrl}/v1/payment/3ds/${paymentId}?token=${challengeToken(ctx, paymentId)}`;
