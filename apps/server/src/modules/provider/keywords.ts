// Words that trigger a warning in the composer. The client matches them
// case-insensitively, ignoring punctuation. Operators may extend these lists.
export const KEYWORDS = {
  payment_keywords: [
    'paypal',
    'venmo',
    'cashapp',
    'cash app',
    'zelle',
    'bank transfer',
    'wire transfer',
    'western union',
    'bitcoin',
    'gift card',
  ],
  global_keywords: ['whatsapp', 'telegram', 'snapchat', 'kik', 'phone number', 'meet up', 'address'],
  greeting_keywords: ['hi', 'hello', 'hey', 'hiya', 'good morning', 'good evening'],
  app_keywords: ['onlyfans', 'fansly', 'patreon', 'instagram', 'tiktok', 'discord'],
};
