import type { Mail } from '../../mail/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Tells the owner that sign-ins to the account keep failing. It names no address, device or
 * attempted password, and carries no link that signs anyone in: only where to change the password.
 */
export function signInAlertMail(user: { email: string; username: string }, publicUrl: string): Mail {
  const name = escapeHtml(user.username);
  const settings = `${publicUrl}/account/settings/password`;
  return {
    to: user.email,
    subject: 'Someone tried to sign in to your Parlor account',
    text: [
      `Hi ${user.username},`,
      '',
      'Someone tried to sign in to your Parlor account several times with a wrong password.',
      'They were held back, and you can still sign in as usual from your own devices.',
      '',
      'If this was not you, choose a new, unique password in your settings:',
      settings,
      '',
      'If it was you, there is nothing to do.',
    ].join('\n'),
    html: `<!doctype html><html><body style="margin:0;background:#f6f5fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d1a2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:22px;font-weight:800;color:#5b3fd6">Parlor</td></tr>
<tr><td style="padding-top:16px;font-size:16px">Hi ${name},</td></tr>
<tr><td style="padding-top:8px;font-size:16px">Someone tried to sign in to your Parlor account several times with a wrong password. They were held back, and you can still sign in as usual from your own devices.</td></tr>
<tr><td style="padding-top:12px;font-size:16px">If this was not you, choose a new, unique password in your <a href="${escapeHtml(settings)}" style="color:#5b3fd6">settings</a>.</td></tr>
<tr><td style="padding-top:16px;font-size:12px;color:#8a8699">If it was you, there is nothing to do.</td></tr>
</table></td></tr></table></body></html>`,
  };
}
