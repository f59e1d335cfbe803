import type { Mail } from '../../mail/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A readable HTML mail with a plain-text twin, both carrying the 4-digit code. */
export function verificationMail(
  user: { email: string; username: string },
  code: string,
  publicUrl: string,
  purpose: 'verify_email' | 'action' = 'verify_email',
): Mail {
  // Action codes confirm a sensitive change (payout information), not the address itself.
  const use =
    purpose === 'action'
      ? 'Enter it in the app to confirm the change you asked for.'
      : 'Enter it in the app to verify your email address.';
  const name = escapeHtml(user.username);
  const digits = code
    .split('')
    .map(
      (d) =>
        `<span style="display:inline-block;width:44px;height:52px;line-height:52px;margin:0 4px;border-radius:10px;background:#f1eefe;color:#3b2a8f;font-size:28px;font-weight:700;text-align:center">${d}</span>`,
    )
    .join('');
  return {
    to: user.email,
    subject: `${code} is your Parlor verification code`,
    text: [
      `Hi ${user.username},`,
      '',
      `Your Parlor verification code is ${code}.`,
      `${use} It is valid for 1 hour.`,
      '',
      `If you did not sign up for Parlor, you can ignore this mail. ${publicUrl}`,
    ].join('\n'),
    html: `<!doctype html><html><body style="margin:0;background:#f6f5fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d1a2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:22px;font-weight:800;color:#5b3fd6">Parlor</td></tr>
<tr><td style="padding-top:16px;font-size:16px">Hi ${name},</td></tr>
<tr><td style="padding-top:8px;font-size:16px">Here is your verification code:</td></tr>
<tr><td align="center" style="padding:24px 0">${digits}</td></tr>
<tr><td style="font-size:14px;color:#5c5870">${use} It is valid for 1 hour.</td></tr>
<tr><td style="padding-top:16px;font-size:12px;color:#8a8699">If you did not sign up for Parlor, you can ignore this mail.</td></tr>
</table></td></tr></table></body></html>`,
  };
}
