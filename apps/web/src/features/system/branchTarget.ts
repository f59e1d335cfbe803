/**
 * Where a deep link (`/branch`) leads: the path after `/branch` (`/branch/chats/42` is `/chats/42`),
 * else the `to` query (`/branch?to=/mila`), with the rest of the query kept. Only a path of this
 * app counts (one leading slash, no scheme or host, not `/branch` again); anything else is null and
 * the screen shows its welcome instead.
 */
export function branchTarget(pathname: string, search: string): string | null {
  const query = new URLSearchParams(search);
  const rest = pathname.replace(/^\/branch(?=\/|$)/, '');
  const to = rest !== '' && rest !== '/' ? rest : query.get('to');
  query.delete('to');
  if (!to || !/^\/(?![/\\])/.test(to) || /[\s\\]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, 'https://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://app.invalid' || /^\/branch(\/|$)/.test(url.pathname)) return null;
  for (const [key, value] of query) if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
