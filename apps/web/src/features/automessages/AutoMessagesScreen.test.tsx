import type { AutoMessageCategoryEntry } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { AutoMessagesScreen } from './AutoMessagesScreen';
import { newTextDraft } from './autoMessagesModel';
import { draftOpened, itemAdded, loadAutoMessages } from './autoMessagesSlice';

const entries: AutoMessageCategoryEntry[] = [
  {
    category: 'new_follower',
    excerpt: 'Thanks for the follow!',
    messages: [
      {
        _id: 'a1',
        category: 'new_follower',
        type: 'text',
        text: 'Thanks for the follow!',
        price: 0,
        media_id: null,
        public_id: null,
        media: null,
        delay_seconds: 0,
      },
    ],
  },
  ...(['new_subscriber', 'first_message', 'tip_received', 'content_purchased'] as const).map((category) => ({
    category,
    excerpt: '',
    messages: [],
  })),
];

function render(path: string, prepare?: (store: ReturnType<typeof createStore>) => void) {
  const store = createStore();
  store.dispatch(loadAutoMessages.fulfilled({ data: entries }, 'req'));
  prepare?.(store);
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auto-messages" element={<AutoMessagesScreen />} />
          <Route path="/auto-messages/:category" element={<AutoMessagesScreen />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe('the automatic messages screen', () => {
  it('lists the five categories with what each sends, the excerpt and the count', () => {
    const { html, text } = render('/auto-messages');
    for (const label of [
      'New follower',
      'New subscriber',
      'First message from a fan',
      'Tip received',
      'Content purchased',
    ])
      expect(text).toContain(label);
    expect(text).toContain('Sent when a fan follows you.');
    expect(text).toContain('“Thanks for the follow!”');
    expect(text).toContain('1 message');
    expect(text.match(/No messages/g)).toHaveLength(4);
    expect(html).toContain('href="/auto-messages/tip_received"');
    expect(text).toContain('Sent automatically');
  });

  it("opens a category's editor with its messages, and marks unsaved changes", () => {
    const { html, text } = render('/auto-messages/new_follower', (store) => {
      store.dispatch(draftOpened('new_follower'));
      store.dispatch(itemAdded({ category: 'new_follower', item: { ...newTextDraft(), text: 'More!' } }));
    });
    expect(html).toContain('aria-current="page"');
    expect(html).toMatch(/<h2[^>]*>New follower<\/h2>/);
    expect(text).toContain('Unsaved changes');
    expect(html).toContain('aria-label="Move message 1 up"');
    expect(html).toContain('aria-label="Remove message 2"');
    expect(html).toMatch(/<textarea[^>]*>Thanks for the follow!<\/textarea>/);
    expect(html).toMatch(/<textarea[^>]*>More!<\/textarea>/);
    expect(text).not.toContain('Sent automatically');
  });
});
