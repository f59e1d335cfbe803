import type { Gender } from '@parlor/contract';

/** The welcome's heading, on Discover and on the creator's page. */
export const welcomeTitle = (creator: string) => `Welcome — ${creator} invited you`;

/** The flag on her Discover card. */
export const INVITED_YOU = 'Invited you';

type Creator = { username: string; gender: Gender | null };

/** her / him, her / his; the name when the creator gave neither gender. */
function words({ username, gender }: Creator) {
  if (gender === 'female') return { them: 'her', their: 'her' };
  if (gender === 'male') return { them: 'him', their: 'his' };
  return { them: username, their: `${username}’s` };
}

export const messageLabel = (c: Creator) => `Message ${words(c).them}`;
export const pageLabel = (c: Creator) => `See ${words(c).their} page`;
export const joinedNote = (c: Creator) => `You joined through ${words(c).their} link.`;
