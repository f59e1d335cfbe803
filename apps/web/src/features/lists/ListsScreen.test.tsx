import type { User } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { Inbox } from '../chats/Inbox';
import { listTabChosen } from '../chats/inboxSlice';
import { ListsScreen } from './ListsScreen';
import { fanList, smartList } from './listsTestData';
import { loadLists } from './listsThunks';

const creator = { _id: 'me', username: 'mila', type: 'featured', role: 'user' } as User;
const LISTS = [
  smartList('l1', 'Spent 50+ this month', { spent_min: 50, spent_days: 30, follower: true }, 1204),
  fanList('l2', 'Trip photos', { count: 1 }),
];

function storeWith(user: User = creator) {
  const store = createStore();
  store.dispatch(userUpdated(user));
  store.dispatch(loadLists.fulfilled({ data: LISTS }, 'r'));
  return store;
}

function render(path: string, store = storeWith(), element = <ListsScreen />) {
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/lists/*" element={element} />
          <Route path="/chats" element={element} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe('the Lists screen', () => {
  it('shows each list with its kind, count and rules, and what can be done with it', () => {
    const { html, text } = render('/lists');
    expect(html).toMatch(/<h1[^>]*>Lists<\/h1>/);
    expect(html.match(/data-testid="fan-list"/g)).toHaveLength(2);
    expect(text).toContain('Spent 50+ this month Smart 1,204 fans');
    expect(text).toContain('Spent at least 50 credits in the last 30 days');
    expect(text).toContain('Follows me');
    expect(text).toContain('Trip photos Custom 1 fan');
    expect(text).toContain('Fans you add by hand.');
    for (const label of [
      'Open Trip photos in your inbox',
      'Broadcast to Trip photos',
      'Edit Trip photos',
      'Delete Trip photos',
    ])
      expect(html).toContain(`aria-label="${label}"`);
    expect(html).toContain('href="/lists/l1"');
    expect(html).toContain('href="/lists/new"');
  });

  it('offers a team seat with chats but not broadcasts no broadcast to a list', () => {
    const seat = {
      ...creator,
      acting_member: { _id: 'm1', username: 'bob', permissions: ['chats'] },
    } as User;
    const { html } = render('/lists', storeWith(seat));
    expect(html).toContain('aria-label="Open Trip photos in your inbox"');
    expect(html).not.toContain('Broadcast to');
  });

  it('builds a smart list from rules in a creator’s words', () => {
    const { html, text } = render('/lists/new?kind=smart');
    expect(html).toMatch(/<h1[^>]*>New list<\/h1>/);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="smart"/);
    for (const words of [
      'Spent at least',
      'in the last',
      'ever',
      'Subscription',
      'Subscription ends within',
      'Wrote within the last',
      'Has not written for',
      'Bought',
      'Pick a vault item',
      'Never bought anything',
      'Following you',
      'Does not follow me',
      'Not subscribed',
    ])
      expect(text).toContain(words);
    expect(html).toContain('aria-label="Credits spent"');
    expect(html).toContain('aria-label="Days of spending"');
  });

  it('opens a smart list with its rules set and no choice of kind', () => {
    const { html } = render('/lists/l1');
    expect(html).toMatch(/<h1[^>]*>Edit list<\/h1>/);
    expect(html).toContain('value="Spent 50+ this month"');
    expect(html).not.toContain('value="custom"');
    expect(html).toMatch(/aria-label="Credits spent"[^>]*value="50"/);
    expect(html).toMatch(/aria-label="Days of spending"[^>]*value="30"/);
  });

  it('says so for a list that is not there', () => {
    expect(render('/lists/gone').text).toContain('List not found.');
  });
});

describe('the inbox with fan lists', () => {
  it('shows each list as a tab after the nine, with its count, and the open one as the panel', () => {
    const store = storeWith();
    store.dispatch(listTabChosen('l1'));
    const { html, text } = render('/chats', store, <Inbox />);
    expect(html.match(/role="tab"/g)).toHaveLength(11);
    expect(html.match(/data-testid="inbox-list-tab"/g)).toHaveLength(2);
    expect(text).toMatch(/Sent 0? ?Spent 50\+ this month 1204 Trip photos 1/);
    expect(html).toMatch(/aria-selected="true"[^>]*title="Spent 50\+ this month"/);
    expect(html).toContain('role="tabpanel" aria-label="Spent 50+ this month"');
    expect(html).toContain('href="/lists"');
  });

  it('shows no list tabs to a fan', () => {
    const store = storeWith({ ...creator, type: 'user' });
    const { html } = render('/chats', store, <Inbox />);
    expect(html).not.toContain('inbox-list-tab');
    expect(html).not.toContain('href="/lists"');
  });
});
