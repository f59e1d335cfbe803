import type { Chat, ProviderConfig, UserType } from '@parlor/contract';

export type WarningKind = 'link' | 'payment' | 'app' | 'global' | 'greeting';

export interface TextWarning {
  kind: WarningKind;
  /** The keyword (or link) that was found, as the user typed it. */
  match: string;
}

/** A website link, with or without a scheme (example.com, www.x.org, https://...). */
export const WEBSITE_LINK =
  /\b(?:https?:\/\/\S+|www\.\S+|[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|me|co|app|ly|gg|tv|xyz|info|biz|link|site|online|shop|store|page|fans|vip)\b\S*)/i;

/**
 * Case-insensitive with punctuation ignored: removed (p.a.y.p.a.l reads paypal) or, with
 * `joiner` ' ', read as a word break (phone-number reads phone number).
 */
export function normalizeForKeywords(text: string, joiner = ''): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\p{P}\p{S}]/gu, joiner)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whole words or phrases only: "hi" is found in "hi there", not in "this". */
export function findKeyword(text: string, keywords: readonly string[]): string | undefined {
  const haystacks = [` ${normalizeForKeywords(text)} `, ` ${normalizeForKeywords(text, ' ')} `];
  return keywords.find((keyword) => {
    const needle = normalizeForKeywords(keyword);
    return needle !== '' && haystacks.some((haystack) => haystack.includes(` ${needle} `));
  });
}

/** How many words a message may have and still be "just a greeting". */
const GREETING_ONLY_WORDS = 3;

/**
 * The warnings shown above the composer before sending, most serious first: links and payment
 * talk, other apps, the global list, and a bare greeting (which earns fewer replies).
 */
export function textWarnings(
  text: string,
  keywords: Pick<
    ProviderConfig,
    'payment_keywords' | 'global_keywords' | 'greeting_keywords' | 'app_keywords'
  > | null,
): TextWarning[] {
  if (!text.trim()) return [];
  const found: TextWarning[] = [];
  const link = WEBSITE_LINK.exec(text);
  if (link) found.push({ kind: 'link', match: link[0] });
  if (!keywords) return found;
  const lists: [Exclude<WarningKind, 'link' | 'greeting'>, readonly string[]][] = [
    ['payment', keywords.payment_keywords],
    ['app', keywords.app_keywords],
    ['global', keywords.global_keywords],
  ];
  for (const [kind, list] of lists) {
    const match = findKeyword(text, list);
    if (match) found.push({ kind, match });
  }
  const words = normalizeForKeywords(text).split(' ').filter(Boolean).length;
  const greeting = findKeyword(text, keywords.greeting_keywords);
  if (greeting && words <= GREETING_ONLY_WORDS) found.push({ kind: 'greeting', match: greeting });
  return found;
}

export const WARNING_TEXT: Record<WarningKind, (match: string) => string> = {
  link: () => 'Links to other websites aren’t allowed in chats and may be removed.',
  payment: (m) => `Mentioning “${m}”? Keep payments on Parlor: paying outside the platform isn’t protected.`,
  app: (m) => `Moving the conversation to ${m} isn’t allowed. Keep chatting here.`,
  global: (m) => `“${m}” may break our community rules. Keep personal details private.`,
  greeting: () => 'Tip: a message that says a little more than hello gets more replies.',
};

/**
 * The payment-warning popup, asked before a text that talks of paying is sent. The spec names the
 * popup without its words; these are ours.
 */
export const PAYMENT_WARNING = {
  title: 'Keep payments on Parlor',
  text: 'Paying or being paid outside Parlor isn’t protected: you could lose your money, and accounts that take payments elsewhere may be suspended. Messages sent anyway are reviewed by our moderators.',
  send: 'Send anyway',
  edit: 'Edit message',
} as const;

/**
 * The intro shows when the other party is featured, the viewer a user, intro is enabled
 * and the viewer can intro; or, when a chat exists, while intro has not ended and the chat is an
 * intro. (The server stops `can_intro` once the first message is sent.)
 */
export function showIntro(
  chat: Pick<Chat, 'intro_enabled' | 'can_intro' | 'intro_ended' | 'is_intro'> | null | undefined,
  other: { type: UserType } | null | undefined,
  viewer: { type: UserType } | null | undefined,
): boolean {
  if (other?.type === 'featured' && viewer?.type === 'user' && chat?.intro_enabled && chat.can_intro)
    return true;
  return !!chat && !chat.intro_ended && chat.is_intro;
}
