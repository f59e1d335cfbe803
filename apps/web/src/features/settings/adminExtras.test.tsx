import type { Chat, User } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { Composer } from '../conversation/Composer';
import { sendForced } from '../conversation/conversationActions';
import { AccountMenu } from './AccountMenu';

// An admin runs the platform; the screens they share with fans offer them no credits to
// buy and no referral earnings.

const OTHER = 'a4b9b2a0-9f0e-4b53-8f2f-6c7d3b0e1a11';
const chat = {
  chat_id: 'c1',
  credit_rate: 5,
  is_blocked: false,
  is_blocked_by_other: false,
  other_user: { _id: OTHER, username: 'mila' },
} as unknown as Chat;

function storeFor(role: 'admin' | 'user') {
  const store = createStore();
  store.dispatch(
    userUpdated({ _id: 'me', username: 'me', type: 'user', role, credits: 0 } as unknown as User),
  );
  return store;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replaceAll('&#x27;', "'");

function menu(role: 'admin' | 'user') {
  return renderToStaticMarkup(
    <Provider store={storeFor(role)}>
      <MemoryRouter>
        <AccountMenu />
      </MemoryRouter>
    </Provider>,
  );
}

function composerOutOfCredits(role: 'admin' | 'user') {
  const store = storeFor(role);
  store.dispatch(sendForced({ otherUserId: OTHER, clientSideReceiveId: 'x', flag: 'noCredits', error: '' }));
  return renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter>
        <Composer otherUserId={OTHER} chat={chat} />
      </MemoryRouter>
    </Provider>,
  );
}

describe('what an admin is offered', () => {
  it('the account menu leads an admin to the console, a fan to referrals', () => {
    const admin = text(menu('admin'));
    expect(admin).toContain('Moderation');
    expect(admin).not.toContain('Referrals');
    const fan = text(menu('user'));
    expect(fan).toContain('Referrals');
    expect(fan).not.toContain('Moderation');
  });

  it('out of credits in a chat, a fan is offered to buy some and an admin is not', () => {
    const fan = text(composerOutOfCredits('user'));
    expect(fan).toContain("You're out of credits for this chat.");
    expect(fan).toContain('Buy credits');
    const admin = text(composerOutOfCredits('admin'));
    expect(admin).toContain("You're out of credits for this chat.");
    expect(admin).not.toContain('Buy credits');
  });
});
