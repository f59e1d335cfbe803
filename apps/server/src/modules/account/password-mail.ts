import type { Mail } from '../../mail/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset link as a button and as text (some mail apps show no buttons), with a plain-text twin. */
export function passwordResetMail(user: { email: string; username: string }, link: string): Mail {
  const name = escapeHtml(user.username);
  const href = escapeHtml(link);
  return {
    to: user.email,
    subject: 'Reset your Parlor password',
    text: [
      `Hi ${user.username},`,
      '',
      'Someone (we hope you) asked to reset the password of your Parlor account.',
      'Open this link to choose a new password. It works once, for 1 hour:',
      '',
      link,
      '',
      'Choosing a new password signs you out on every device.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: `<!doctype html><html><body style="margin:0;background:#f6f5fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d1a2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:22px;font-weight:800;color:#5b3fd6">Parlor</td></tr>
<tr><td style="padding-top:16px;font-size:16px">Hi ${name},</td></tr>
<tr><td style="padding-top:8px;font-size:16px">Someone (we hope you) asked to reset the password of your Parlor account.</td></tr>
<tr><td align="center" style="padding:24px 0"><a href="${href}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#5b3fd6;color:#ffffff;font-size:16px;font-weight:700;text-decoration:none">Choose a new password</a></td></tr>
<tr><td style="font-size:14px;color:#5c5870">The link works once, for 1 hour. Choosing a new password signs you out on every device.</td></tr>
<tr><td style="padding-top:12px;font-size:12px;color:#8a8699;word-break:break-all">Or paste this address into your browser: ${href}</td></tr>
<tr><td style="padding-top:16px;font-size:12px;color:#8a8699">If you did not ask for this, ignore this mail: your password stays as it is.</td></tr>
</table></td></tr></table></body></html>`,
  };
}
