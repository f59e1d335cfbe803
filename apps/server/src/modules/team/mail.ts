import { centered, detail, escapeHtml, footnote, mailHtml, paragraph } from '../../mail/layout';
import type { Mail } from '../../mail/mailer';

/** The invite link as a button and as text, with a plain-text twin. */
export function teamInviteMail(to: string, creator: string, link: string, days: number): Mail {
  const href = escapeHtml(link);
  const name = escapeHtml(creator);
  return {
    to,
    subject: `${creator} invited you to their team on Parlor`,
    text: [
      'Hi,',
      '',
      `${creator} invited you to work their inbox on Parlor with an account of your own.`,
      `Open this link to join. It works once, for ${days} days:`,
      '',
      link,
      '',
      'You never need their password: you sign in as yourself and switch to their workspace.',
      'If you did not expect this, ignore this mail.',
    ].join('\n'),
    html: mailHtml('there', [
      paragraph(`${name} invited you to work their inbox on Parlor with an account of your own.`),
      centered(
        `<a href="${href}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#5b3fd6;color:#ffffff;font-size:16px;font-weight:700;text-decoration:none">Join ${name}'s team</a>`,
      ),
      detail(`The link works once, for ${days} days. You never need their password.`),
      `<tr><td style="padding-top:12px;font-size:12px;color:#8a8699;word-break:break-all">Or paste this address into your browser: ${href}</td></tr>`,
      footnote('If you did not expect this, ignore this mail.'),
    ]),
  };
}
