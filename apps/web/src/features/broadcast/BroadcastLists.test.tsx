import type { BroadcastStats, User } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { fanList, smartList } from '../lists/listsTestData';
import { loadLists } from '../lists/listsThunks';
import { BroadcastComposer } from './BroadcastComposer';
import { BroadcastLists } from './BroadcastLists';
import { audienceChosen, excludedListToggled, laterToggled, viewChosen } from './broadcastSlice';
import { loadScheduled } from './broadcastThunks';

// What the creator sees of lists and times on the broadcast screen.

const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

const scheduled: BroadcastStats = {
  _id: 'b1',
  created_at: '2026-12-03T09:00:00.000Z',
  finished_at: null,
  status: 'scheduled',
  type: 'image',
  text: 'New set!',
  preview: null,
  price: 25,
  self_destruct: false,
  total: 0,
  sent: 0,
  read: 0,
  purchases: 0,
  earned: 0,
  eta_s: null,
  send_at: '2026-12-03T13:30:00.000Z',
  list: { _id: 'l1', name: 'Spent 50+ this month' },
  exclude_lists: [{ _id: 'l2', name: 'Trip photos' }],
};

function setup() {
  const store = createStore();
  store.dispatch(userUpdated({ _id: 'mila', username: 'mila', type: 'featured', role: 'user' } as User));
  store.dispatch(
    loadLists.fulfilled(
      {
        data: [
          smartList('l1', 'Spent 50+ this month', { spent_min: 50, spent_days: 30 }, 12),
          fanList('l2', 'Trip photos', { count: 3 }),
        ],
      },
      'r',
    ),
  );
  return store;
}

function render(store: ReturnType<typeof setup>, element: React.ReactNode) {
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter>{element}</MemoryRouter>
    </Provider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe('the broadcast composer', () => {
  it('sends to a list with its count, offers the other lists to leave out, and a time for later', () => {
    const store = setup();
    store.dispatch(audienceChosen({ kind: 'list', listId: 'l1' }));
    store.dispatch(excludedListToggled('l2'));
    store.dispatch(laterToggled({ on: true, input: { date: '2026-12-03', time: '14:30' } }));
    const { html, text } = render(store, <BroadcastComposer />);
    expect(text).toContain('An inbox tab');
    expect(html).toMatch(/<input[^>]*checked=""[^>]*\/>A list/);
    expect(text).toContain('Spent 50+ this month · 12 fans');
    expect(text).toContain('Leave out lists');
    expect(html).toMatch(/<input type="checkbox" checked=""\/>Trip photos/);
    expect(html).toContain('role="switch" aria-checked="true"');
    expect(html).toMatch(/type="date"[^>]*value="2026-12-03"/);
    expect(html).toMatch(/type="time"[^>]*value="14:30"/);
    expect(text).toContain('Your time zone: Europe/Berlin');
    expect(text).toContain('Schedule');
  });

  it('keeps the inbox tabs as the audience until a list is chosen', () => {
    const { html, text } = render(setup(), <BroadcastComposer />);
    expect(html).toContain('name="broadcast-audience"');
    expect(text).toContain('Send later');
    expect(html).not.toContain('type="date"');
  });
});

describe('the scheduled broadcasts tab', () => {
  it('shows each with its time in her zone, its list and the lists left out, its price, Edit and Cancel', () => {
    const store = setup();
    store.dispatch(loadScheduled.fulfilled({ data: [scheduled], next: null }, 'r', { reset: true }));
    store.dispatch(viewChosen('scheduled'));
    const { html, text } = render(store, <BroadcastLists />);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Scheduled<span[^>]*>1<\/span>/);
    expect(html).toContain('dateTime="2026-12-03T13:30:00.000Z"');
    expect(text).toMatch(/Thu, Dec 3, 2:30\s?PM \(Europe\/Berlin\)/);
    expect(text).toContain('To Spent 50+ this month');
    expect(text).toContain('Leaving out Trip photos');
    expect(text).toContain('Price 25 credits ($2.50)');
    expect(text).toContain('New set!');
    expect(text).toMatch(/Edit Cancel/);
  });
});
