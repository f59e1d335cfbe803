/**
 * What a page does with the is-banned key. Off /unban and sign-in: while the user
 * is not (yet) signed in, the account-terminated popup shows; once the server accepted the session
 * the ban was lifted (a banned account's tokens are revoked and its sign-in refused), so the browser
 * goes to /unban, which clears the key and counts down from 5.
 */
export function bannedKeyAction(
  path: string,
  hasKey: boolean,
  signedIn: boolean,
): 'none' | 'popup' | 'unban' {
  if (!hasKey || path.startsWith('/unban') || path.startsWith('/login')) return 'none';
  return signedIn ? 'unban' : 'popup';
}
