import type { Message, MessagePage, SendMessageRequest, User } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { chat } from '../chats/inboxTestData';
import { Composer } from '../conversation/Composer';
import { openConversation } from '../conversation/conversationThunks';
import { outboxIo } from '../conversation/outbox';
import { sendMedia } from '../media/mediaSends';
import { SavedRepliesScreen } from './SavedRepliesScreen';
import { SUNSET, THANKS, WELCOME } from './savedRepliesTestData';
import { loadSavedReplies } from './savedRepliesThunks';
import { draftOfReply } from './savedReplyModel';

const creator = { _id: 'mila', username: 'mila', type: 'featured', role: 'user' } as User;
const FAN = 'alex';

function storeWithReplies(user: User = creator) {
  const store = createStore();
  store.dispatch(userUpdated(user));
  store.dispatch(loadSavedReplies.fulfilled({ data: [WELCOME, SUNSET, THANKS] }, 'r'));
  return store;
}

function render(store: ReturnType<typeof createStore>, element: React.ReactNode) {
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter>{element}</MemoryRouter>
    </Provider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

/** The composer with `typed` already in it (a draft survives in the tab's storage). */
function composerWith(typed: string, user: User = creator) {
  vi.stubGlobal('sessionStorage', { getItem: () => typed, setItem() {}, removeItem() {} });
  return render(storeWithReplies(user), <Composer otherUserId={FAN} chat={chat(FAN, 1)} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the saved replies screen', () => {
  it('lists each reply as typed after /, with its text and what it attaches', () => {
    const { html, text } = render(storeWithReplies(), <SavedRepliesScreen />);
    expect(html).toMatch(/<h1[^>]*>Saved replies<\/h1>/);
    expect(html.match(/data-testid="saved-reply"/g)).toHaveLength(3);
    expect(text).toContain('/Welcome Hi {fan}, it’s {me}! Glad you wrote.');
    expect(text).toContain('/Sunset set Just for you, {fan} Photo · 25 credits');
    expect(html).toContain('aria-label="Edit Sunset set"');
    expect(html).toContain('aria-label="Delete Sunset set"');
    expect(text).toContain('New saved reply');
  });
});

describe('the composer’s / popup', () => {
  it('offers the replies matching what follows /, as a listbox the text box points into', () => {
    const { html, text } = composerWith('/s');
    expect(html).toContain('role="listbox" aria-label="Saved replies"');
    expect(html.match(/role="option"/g)).toHaveLength(3);
    // A title starting with it first, highlighted, and the text box points at it.
    const first = html.match(/<div id="([^"]+)" role="option" tabindex="-1" aria-selected="true"/);
    expect(first).not.toBeNull();
    expect(html).toContain(`aria-activedescendant="${first?.[1]}"`);
    expect(html).toMatch(/aria-autocomplete="list"/);
    expect(text).toMatch(/Sunset set Just for you, \{fan\} Photo · 25 credits Welcome .* Thanks for the tip/);
    expect(text).toContain('3 saved replies');
  });

  it('is not offered for text that does not start with /, nor to a fan', () => {
    expect(composerWith('hello /s').html).not.toContain('role="listbox"');
    expect(composerWith('/s', { ...creator, type: 'user' }).html).not.toContain('role="listbox"');
  });

  it('leaves priced replies out for a team seat that may not set prices, and is not offered without chats', () => {
    const seat = (permissions: string[]) =>
      ({ ...creator, acting_member: { _id: 'm1', username: 'bob', permissions } }) as User;
    const { html } = composerWith('/s', seat(['chats']));
    expect(html.match(/role="option"/g)).toHaveLength(2);
    expect(html).not.toContain('Sunset set');
    expect(composerWith('/s', seat(['chats', 'paid'])).html.match(/role="option"/g)).toHaveLength(3);
  });

  it('says when nothing matches, with the way to the saved replies', () => {
    const { html, text } = composerWith('/zzz');
    expect(text).toContain('No saved reply matches “zzz”.');
    expect(html).toContain('href="/account/settings/saved-replies"');
    expect(html).not.toContain('aria-activedescendant');
  });
});

describe('a saved reply sent', () => {
  it('is an ordinary paid message: its vault media, its price and the filled-in text', async () => {
    const store = storeWithReplies();
    const page = { data: [], credits: 0, chat: chat(FAN, 1), next: null } as unknown as MessagePage;
    store.dispatch(openConversation.fulfilled(page, 'r', { otherUserId: FAN }));
    const bodies: SendMessageRequest[] = [];
    vi.spyOn(outboxIo, 'post').mockImplementation(async (body) => {
      bodies.push(body);
      return { message: { _id: '101', sender_id: 'mila', ...body } as unknown as Message, credits: 0 };
    });
    const draft = draftOfReply(SUNSET, { fan: FAN, me: 'mila', canCharge: true, mediaBlocked: false });
    const { attachment } = draft;
    if (!attachment) throw new Error('the reply attaches its photo');
    await store.dispatch(
      sendMedia(
        FAN,
        { kind: 'vault', media: attachment.media },
        {
          price: attachment.price,
          selfDestruct: false,
          text: draft.text,
        },
      ),
    );
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      type: 'image',
      recipient_id: FAN,
      public_id: 'pub-sunset-0001',
      price: 25,
      text: 'Just for you, alex',
    });
  });
});
