/** The invite's link: `/team/join?token=…&creator=…`, opened signed in or not. */
export const TEAM_JOIN_PATH = '/team/join';

export const isTeamJoinPath = (pathname: string) => pathname.replace(/\/+$/, '') === TEAM_JOIN_PATH;

/**
 * The invite's token, and the creator's name as the mail wrote it: shown before joining, while the
 * join's answer names the team actually joined.
 */
export function joinLink(search: string): { token: string; creator: string | null } {
  const params = new URLSearchParams(search);
  return { token: params.get('token') ?? '', creator: params.get('creator')?.trim() || null };
}
