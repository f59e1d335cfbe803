import { lazyWithRetry } from './lazyWithRetry';

// The screens a signed-in page opens with (the app's frame, the inbox, a conversation), declared in
// the entry's chunk so that the entry can preload them through the very components that render them
// (App.tsx `loadFirstScreen`): a preloaded one then renders without a fallback first.
export const MainApp = lazyWithRetry(() => import('../features/shell/MainApp'), 'MainApp');
export const ChatsScreen = lazyWithRetry(() => import('../features/chats/ChatsScreen'), 'ChatsScreen');
export const ConversationScreen = lazyWithRetry(
  () => import('../features/conversation/ConversationScreen'),
  'ConversationScreen',
);
