import { escapeHtml, footnote, mailHtml, paragraph } from '../../mail/layout';
import type { Mail } from '../../mail/mailer';

/**
 * Tells the owner that sign-ins to the account keep failing. It names no address, device or
 * attempted password, and carries no link that signs anyone in: only where to change the password.
 */
export function signInAlertMail(user: { email: string; username: string }, publicUrl: string): Mail {
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
    html: mailHtml(user.username, [
      paragraph(
        'Someone tried to sign in to your Parlor account several times with a wrong password. They were held back, and you can still sign in as usual from your own devices.',
      ),
      paragraph(
        `If this was not you, choose a new, unique password in your <a href="${escapeHtml(settings)}" style="color:#5b3fd6">settings</a>.`,
        12,
      ),
      footnote('If it was you, there is nothing to do.'),
    ]),
  };
}
