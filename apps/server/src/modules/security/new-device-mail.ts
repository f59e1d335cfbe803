import { NEW_DEVICE_MAIL } from '@parlor/contract';
import { centered, detail, escapeHtml, footnote, mailHtml, paragraph } from '../../mail/layout';
import type { Mail } from '../../mail/mailer';

export interface NewSignIn {
  /** "Tuesday, 1 December 2026 at 14:03 UTC". */
  when: string;
  /** "Chrome on Windows", or "Unknown device". */
  browser: string;
  /** "Germany", or "unknown" when the server does not know where the request came from. */
  country: string;
  /** The signed link that ends that session. */
  endLink: string;
}

/** Tells the owner that a device the account had not used signed in, and how to end that session. */
export function newDeviceMail(
  user: { email: string; username: string },
  signIn: NewSignIn,
  publicUrl: string,
): Mail {
  const href = escapeHtml(signIn.endLink);
  const settings = `${publicUrl}/account/settings/password`;
  return {
    to: user.email,
    subject: NEW_DEVICE_MAIL.subject,
    text: [
      `Hi ${user.username},`,
      '',
      'Your Parlor account was just signed in to from a device it had not used before.',
      '',
      `When: ${signIn.when}`,
      `Browser: ${signIn.browser}`,
      `Where: ${signIn.country}`,
      '',
      'If this was you, there is nothing to do.',
      'If it was not you, end that session now:',
      signIn.endLink,
      '',
      `Then choose a new password (${settings}) and turn on two-factor sign-in.`,
    ].join('\n'),
    html: mailHtml(user.username, [
      paragraph('Your Parlor account was just signed in to from a device it had not used before.'),
      detail(
        `When: ${escapeHtml(signIn.when)}<br>Browser: ${escapeHtml(signIn.browser)}<br>Where: ${escapeHtml(signIn.country)}`,
      ),
      paragraph('If this was you, there is nothing to do. If it was not you, end that session now:', 16),
      centered(
        `<a href="${href}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#5b3fd6;color:#ffffff;font-size:16px;font-weight:700;text-decoration:none">End that session</a>`,
      ),
      footnote(
        `Then choose a new password in your <a href="${escapeHtml(settings)}" style="color:#5b3fd6">settings</a> and turn on two-factor sign-in.`,
      ),
    ]),
  };
}

/** Tells the owner that an admin removed every second factor of the account, in case it was not them who asked. */
export function twoFactorResetMail(
  user: { email: string; username: string },
  publicUrl: string,
  supportEmail: string | null,
): Mail {
  const settings = `${publicUrl}/account/settings`;
  const notYou = `If you did not ask for this, ${
    supportEmail ? `write to ${supportEmail}` : 'contact the team that runs Parlor'
  } at once.`;
  return {
    to: user.email,
    subject: 'Two-factor sign-in was turned off on your Parlor account',
    text: [
      `Hi ${user.username},`,
      '',
      "At your request, Parlor's team turned off two-factor sign-in on your account and removed its",
      'passkeys and recovery codes. Every device was signed out.',
      '',
      'Sign in with your password and turn two-factor sign-in on again:',
      settings,
      '',
      notYou,
    ].join('\n'),
    html: mailHtml(user.username, [
      paragraph(
        "At your request, Parlor's team turned off two-factor sign-in on your account and removed its passkeys and recovery codes. Every device was signed out.",
      ),
      paragraph(
        `Sign in with your password and turn two-factor sign-in on again in your <a href="${escapeHtml(settings)}" style="color:#5b3fd6">settings</a>.`,
        12,
      ),
      footnote(escapeHtml(notYou)),
    ]),
  };
}
