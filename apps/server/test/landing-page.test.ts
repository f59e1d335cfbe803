import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';

const LANDING = 'https://parlor.example/welcome';
const it = apiTest({ LANDING_URL: LANDING });

describe('the configured landing page', () => {
  it('is in the provider config for guests and signed-in users, where logout and guests are sent', async ({
    w,
    call,
  }) => {
    const guest = await call('GET', '/v1/provider/config?platform=react');
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ is_guest: true, landing_url: LANDING });
    const fan = await w.fan();
    const signedIn = await call('GET', '/v1/provider/config?platform=react', { token: fan.token });
    expect(signedIn.body).toMatchObject({ is_guest: false, landing_url: LANDING });
  });
});
