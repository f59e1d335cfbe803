import { lazyWithRetry } from '../../platform/lazyWithRetry';

// A conversation's screen, declared in the entry's chunk: the inbox renders it (ChatsScreen) and the
// entry preloads it through this same component after the start (App.tsx `loadFirstScreen`), so the
// first chat opened renders at once instead of after a fallback (lazyWithRetry).
export const ConversationScreen = lazyWithRetry(() => import('./ConversationScreen'), 'ConversationScreen');
