import { centered, detail, escapeHtml, footnote, mailHtml, paragraph } from '../../mail/layout';
import type { Mail } from '../../mail/mailer';

/** The reset link as a button and as text (some mail apps show no buttons), with a plain-text twin. */
export function passwordResetMail(user: { email: string; username: string }, link: string): Mail {
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
    html: mailHtml(user.username, [
      paragraph('Someone (we hope you) asked to reset the password of your Parlor account.'),
      centered(
        `<a href="${href}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#5b3fd6;color:#ffffff;font-size:16px;font-weight:700;text-decoration:none">Choose a new password</a>`,
      ),
      detail('The link works once, for 1 hour. Choosing a new password signs you out on every device.'),
      `<tr><td style="padding-top:12px;font-size:12px;color:#8a8699;word-break:break-all">Or paste this address into your browser: ${href}</td></tr>`,
      footnote('If you did not ask for this, ignore this mail: your password stays as it is.'),
    ]),
  };
}
