import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { challengeTokenValid } from './challenge';
import { DECLINE_MESSAGES } from './provider';
import { type PaymentRow, paymentsRepository } from './repository';
import { completePayment, failPayment } from './service';
import { callbackUrl } from './urls';

// The sandbox provider's own 3-D Secure challenge page. The browser arrives here from
// `redirect_url`, answers, and is sent back to /3ds-callback with the outcome and what was being
// paid for, so the client can finish it.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function findChallenged(ctx: AppContext, id: string, token: string) {
  const row = await paymentsRepository.byId(ctx.db, id);
  // The challenge page is the sandbox's own: a real provider's payment is confirmed by its webhook only.
  if (row?.provider !== 'sandbox' || !challengeTokenValid(ctx, row.id, token))
    throw notFound('Payment not found', 'payment_not_found');
  return row;
}

function page(p: PaymentRow, token: string): string {
  const amount = `$${(p.amount_cents / 100).toFixed(2)}`;
  const card = `${p.card_brand === 'MASTER' ? 'Mastercard' : 'Visa'} ending in ${p.card_last4 ?? '----'}`;
  const action = (outcome: string) =>
    `/v1/payment/3ds/${p.id}?token=${encodeURIComponent(token)}&outcome=${outcome}`;
  const open = p.status === 'requires_action';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Bank – Confirm your payment</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#eef1f6;color:#1c2333;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:32px 28px;max-width:380px;width:calc(100% - 32px);box-sizing:border-box}
.bank{font-weight:700;letter-spacing:.04em;color:#2b4acb;font-size:14px;text-transform:uppercase}
h1{font-size:22px;margin:12px 0 8px}p{line-height:1.5;margin:0 0 12px;color:#4a5468}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:20px 0;font-size:15px}dt{color:#6b7487}dd{margin:0;font-weight:600;text-align:right}
button{width:100%;padding:14px;border-radius:10px;border:0;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px}
.ok{background:#2b4acb;color:#fff}.no{background:#f1f2f6;color:#8a1c1c}
.note{font-size:13px;color:#6b7487;margin-top:18px}
</style></head>
<body><main>
<div class="bank">Sandbox Bank · 3-D Secure</div>
<h1>${open ? 'Confirm your payment' : 'This payment is already answered'}</h1>
<p>${open ? 'Parlor asks your bank to confirm this card payment.' : 'You can return to Parlor.'}</p>
<dl><dt>Merchant</dt><dd>Parlor</dd><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>Card</dt><dd>${escapeHtml(card)}</dd></dl>
${
  open
    ? `<form method="post" action="${escapeHtml(action('success'))}"><button class="ok" type="submit">Complete authentication</button></form>
<form method="post" action="${escapeHtml(action('error'))}"><button class="no" type="submit">Fail authentication</button></form>`
    : `<form method="post" action="${escapeHtml(action(p.status === 'succeeded' ? 'success' : 'error'))}"><button class="ok" type="submit">Return to Parlor</button></form>`
}
<p class="note">This is the sandbox provider: no money moves and no bank is contacted.</p>
</main></body></html>`;
}

/** The page's Content-Security-Policy: no script, inline style, forms post back to Parlor only. */
export function challengePagePolicy(ctx: AppContext): string {
  const origin = new URL(ctx.config.publicUrl).origin;
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origin}; frame-ancestors 'none'; base-uri 'none'`;
}

/** GET /v1/payment/3ds/{id}?token=: the challenge page of a payment, as HTML. */
export async function challengePage(ctx: AppContext, id: string, token: string): Promise<string> {
  return page(await findChallenged(ctx, id, token), token);
}

/**
 * POST /v1/payment/3ds/{id}?token=&outcome=: settles a payment waiting for its challenge (an
 * answered one stays as it is) and answers where to send the browser back.
 */
export async function answerChallenge(
  ctx: AppContext,
  id: string,
  token: string,
  outcome: 'success' | 'error',
): Promise<string> {
  const p = await findChallenged(ctx, id, token);
  if (p.status === 'requires_action') {
    if (outcome === 'success') await completePayment(ctx, p.id, 'requires_action');
    else await failPayment(ctx, p.id, 'requires_action', DECLINE_MESSAGES.authentication_failed);
  }
  const now = (await paymentsRepository.byId(ctx.db, p.id))!;
  return callbackUrl(ctx, now, now.status === 'succeeded' ? 'success' : 'error');
}
