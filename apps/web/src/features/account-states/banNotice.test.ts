import { describe, expect, it } from 'vitest';
import { banOfEvent, banOfSignIn, banOfStored } from './banNotice';

const ban = { reason: 'Spam', contact: 'appeals@example.com' };

describe('the ban as the account meets it', () => {
  it('takes the same ban from the banned event, the refused sign-in and the kept key', () => {
    expect(banOfEvent({ reason: 'Spam', ban })).toEqual(ban);
    expect(banOfSignIn({ code: 'banned', ban })).toEqual(ban);
    expect(banOfStored(JSON.stringify(ban))).toEqual(ban);
  });

  it('answers a ban without reason or contact when they are missing, and none for other refusals', () => {
    expect(banOfSignIn({ code: 'banned' })).toEqual({ reason: null, contact: null });
    expect(banOfSignIn({ code: 'wrong_credentials' })).toBeNull();
    expect(banOfSignIn(null)).toBeNull();
    expect(banOfStored('true')).toEqual({ reason: null, contact: null });
    expect(banOfEvent({ reason: 'Spam' })).toEqual({ reason: 'Spam', contact: null });
  });
});
