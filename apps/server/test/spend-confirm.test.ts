import { SPEND_CONFIRM_MAX, SPEND_CONFIRM_RANGE_MESSAGE, User } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { World } from './support/world';

// "Ask me before spending more than N credits": stored with the user's settings (PATCH
// /v1/users/{id}, settings.spending.confirm_above), off (null) by default, validated.
const it = apiTest();

type Account = Awaited<ReturnType<World['fan']>>;
const setAmount = (w: World, who: Account, spending: unknown) =>
  w.api.call('PATCH', `/v1/users/${who.user._id}`, { token: who.token, body: { settings: { spending } } });
const stored = async (w: World, who: Account) =>
  User.parse((await w.api.call('GET', '/v1/users/me', { token: who.token })).body).settings.spending;

describe('asking before a spend', () => {
  it('is off by default; a fan turns it on with an amount, changes it and turns it off again', async ({
    w,
  }) => {
    const fan = await w.fan();
    expect(await stored(w, fan)).toEqual({ confirm_above: null });

    const on = await setAmount(w, fan, { confirm_above: 50 });
    expect(on.status).toBe(200);
    expect(User.parse(on.body).settings.spending).toEqual({ confirm_above: 50 });
    expect(await stored(w, fan)).toEqual({ confirm_above: 50 });

    expect((await setAmount(w, fan, { confirm_above: SPEND_CONFIRM_MAX })).status).toBe(200);
    expect(await stored(w, fan)).toEqual({ confirm_above: SPEND_CONFIRM_MAX });

    // Another setting changed alone leaves the amount as it was.
    const other = await w.api.call('PATCH', `/v1/users/${fan.user._id}`, {
      token: fan.token,
      body: { settings: { notifications: { marketing: false } } },
    });
    expect(other.status).toBe(200);
    expect(await stored(w, fan)).toEqual({ confirm_above: SPEND_CONFIRM_MAX });

    expect((await setAmount(w, fan, { confirm_above: null })).status).toBe(200);
    expect(await stored(w, fan)).toEqual({ confirm_above: null });
  });

  it('refuses amounts out of range, fractions, text and unknown keys with 400, keeping the amount', async ({
    w,
  }) => {
    const fan = await w.fan();
    expect((await setAmount(w, fan, { confirm_above: 20 })).status).toBe(200);
    for (const bad of [0, -5, 2.5, SPEND_CONFIRM_MAX + 1, '30']) {
      const res = await setAmount(w, fan, { confirm_above: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(SPEND_CONFIRM_RANGE_MESSAGE);
    }
    expect((await setAmount(w, fan, { confirm_above: 20, extra: true })).status).toBe(400);
    expect((await setAmount(w, fan, {})).status).toBe(400);
    expect(await stored(w, fan)).toEqual({ confirm_above: 20 });
  });

  it('is the own account only: another user and a visitor are refused', async ({ w }) => {
    const fan = await w.fan();
    const other = await w.fan();
    const foreign = await w.api.call('PATCH', `/v1/users/${fan.user._id}`, {
      token: other.token,
      body: { settings: { spending: { confirm_above: 10 } } },
    });
    expect(foreign.status).toBe(403);
    const visitor = await w.api.call('PATCH', `/v1/users/${fan.user._id}`, {
      body: { settings: { spending: { confirm_above: 10 } } },
    });
    expect(visitor.status).toBe(401);
    expect(await stored(w, fan)).toEqual({ confirm_above: null });
  });
});
