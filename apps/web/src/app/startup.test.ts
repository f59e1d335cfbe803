import { afterEach, describe, expect, it, vi } from 'vitest';

// A page's first Intl number or date formatter loads ICU's data: 50-120 ms of main thread on a
// phone before anything else can run (bench/README.md, "Intl on the start path"). The modules a
// signed-in page loads before its first screen must not build one as they load; a formatter is
// made when a screen first shows a figure or a date that needs it.
const FORMATTERS = [
  'NumberFormat',
  'DateTimeFormat',
  'PluralRules',
  'RelativeTimeFormat',
  'Collator',
] as const;

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

function watchIntl(): string[] {
  const made: string[] = [];
  for (const name of FORMATTERS) {
    const Real = Intl[name] as unknown as new (...args: unknown[]) => object;
    vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
      made.push(`Intl.${name}`);
      return new Real(...args);
    } as never);
  }
  const number = Number.prototype.toLocaleString;
  vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (this: number, ...args) {
    made.push('Number#toLocaleString');
    return number.apply(this, args);
  });
  for (const method of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
    const real = Date.prototype[method];
    vi.spyOn(Date.prototype, method).mockImplementation(function (this: Date, ...args) {
      made.push(`Date#${method}`);
      return real.apply(this, args);
    });
  }
  return made;
}

describe('the start of a signed-in page', () => {
  it('loads the contract, the app, the shell and the inbox and conversation screens without an Intl formatter', async () => {
    const made = watchIntl();
    await import('@parlor/contract');
    await import('./App');
    await import('./providers');
    await import('./MainApp');
    await import('../features/chats/ChatsScreen');
    await import('../features/conversation/ConversationScreen');
    expect(made).toEqual([]);
  });

  it('notices a module that builds one as it loads', async () => {
    const made = watchIntl();
    await import('../features/settings/PrivacySettingsScreen');
    expect(made).toContain('Intl.DateTimeFormat');
  });
});
