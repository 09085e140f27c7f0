import { describe, expect, test } from 'vitest';
import { en } from '#server/i18n/locales/en.ts';
import { withCustomPhrases } from '#server/pages/phrases.ts';

const t = en.pages;

describe("a tenant's custom phrases over the sign-in pages' text", () => {
  test('replace the texts of their keys, nested ones too, and leave the rest', () => {
    const messages = withCustomPhrases(t, { signInButton: 'Log in', password: { too_short: 'Longer, please.' } });
    expect(messages.signInButton).toBe('Log in');
    expect(messages.password.too_short).toBe('Longer, please.');
    expect(messages.password.too_long).toBe(t.password.too_long);
    expect(messages.passwordLabel).toBe(t.passwordLabel);
  });

  test('a text that names something takes the name at the placeholder', () => {
    expect(withCustomPhrases(t, { signInToApp: 'Welcome back to {name}' }).signInToApp('Storefront')).toBe('Welcome back to Storefront');
  });

  test('keys the pages do not have, and phrases of the wrong shape, change nothing', () => {
    const messages = withCustomPhrases(t, { notAKey: 'x', password: 'flat', signInButton: { nested: 'y' }, __proto__: { polluted: 'yes' } } as never);
    expect(messages).toEqual(t);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('without phrases the messages are the built-in ones', () => {
    expect(withCustomPhrases(t, undefined)).toBe(t);
  });
});
