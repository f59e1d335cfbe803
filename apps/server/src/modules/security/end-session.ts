import { END_SESSION_TEXTS } from '@parlor/contract';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../mail/layout';
import { deviceName } from '../users/device';
import { readEndSessionToken, signInTime } from './devices';
import { devicesRepository } from './devices-repository';

// The new-device mail's link opens a page with one button: a GET never ends anything, because
// mail programs and link scanners open links on their own; the button's POST ends the session.

/** The page's Content-Security-Policy: no script, inline style, the form posts back here only. */
export function endSessionPagePolicy(ctx: AppContext): string {
  const origin = new URL(ctx.config.publicUrl).origin;
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origin}; frame-ancestors 'none'; base-uri 'none'`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} – Parlor</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f5fb;color:#1d1a2b;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:32px 28px;max-width:420px;width:calc(100% - 32px);box-sizing:border-box}
.brand{font-weight:800;font-size:22px;color:#5b3fd6}h1{font-size:22px;margin:12px 0 8px}p{line-height:1.5;margin:0 0 12px;color:#4a4660}
button{width:100%;padding:14px;border-radius:999px;border:0;font-size:16px;font-weight:700;cursor:pointer;margin-top:10px;background:#5b3fd6;color:#fff}
</style></head>
<body><main><div class="brand">Parlor</div><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const invalid = () => page(END_SESSION_TEXTS.title, paragraph(END_SESSION_TEXTS.invalid));

async function sessionOf(ctx: AppContext, token: string) {
  const tokenId = readEndSessionToken(ctx, token);
  return tokenId ? devicesRepository.session(ctx.db, tokenId) : undefined;
}

/** GET /v1/auth/sessions/end?token=: which sign-in it was, and the button that ends it. */
export async function endSessionPage(ctx: AppContext, token: string): Promise<string> {
  const session = await sessionOf(ctx, token);
  if (!session) return invalid();
  if (session.revoked_at) return page(END_SESSION_TEXTS.alreadyEnded, paragraph(END_SESSION_TEXTS.advice));
  const action = `/v1/auth/sessions/end?token=${encodeURIComponent(token)}`;
  return page(
    END_SESSION_TEXTS.title,
    `${paragraph(END_SESSION_TEXTS.explain(deviceName(session.user_agent), signInTime(session.created_at)))}
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(END_SESSION_TEXTS.button)}</button></form>`,
  );
}

/** POST /v1/auth/sessions/end?token=: ends that session at once, its open sockets included. */
export async function endSessionByLink(ctx: AppContext, token: string): Promise<string> {
  const session = await sessionOf(ctx, token);
  if (!session) return invalid();
  if (!(await devicesRepository.endSession(ctx.db, session.id, ctx.clock.now())))
    return page(END_SESSION_TEXTS.alreadyEnded, paragraph(END_SESSION_TEXTS.advice));
  await ctx.hub.endSession(session.id);
  return page(END_SESSION_TEXTS.ended, paragraph(END_SESSION_TEXTS.advice));
}
