import { centered, detail, footnote, mailHtml, paragraph } from '../../mail/layout';
import type { Mail } from '../../mail/mailer';

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
    html: mailHtml(user.username, [
      paragraph('Here is your verification code:'),
      centered(digits),
      detail(`${use} It is valid for 1 hour.`),
      footnote('If you did not sign up for Parlor, you can ignore this mail.'),
    ]),
  };
}
