import { AUTHOR_TEXT, type Message } from '@parlor/contract';

/**
 * The line under a bubble that says who wrote it, or null for a message its sender wrote herself.
 * On the sender's side (the creator and her team) a member is named; the other side (the fan) is
 * only told that the creator's team, or an automatic message, wrote it.
 */
export function authorLine(
  message: Pick<Message, 'author'>,
  view: { mine: boolean; otherName: string },
): string | null {
  const { author } = message;
  if (author.kind === 'automation') return AUTHOR_TEXT.automatic;
  if (author.kind !== 'team') return null;
  if (!view.mine) return AUTHOR_TEXT.team(view.otherName);
  return author.username ? AUTHOR_TEXT.sentBy(author.username) : null;
}
