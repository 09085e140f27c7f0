import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { maxSignInFailures } from '#server/accounts/rate-limit.ts';
import { signInLimitKey } from '#server/accounts/console-accounts.ts';
import { signInFailures, users } from '#server/db/schema.ts';
import { authorize, consoleClient, decodeJwt, signIn, signUp, startAuthorization } from '../support/oidc-client.ts';
import { newAccount, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('cloud');
});
afterAll(() => server?.close());

const userCount = async () => (await server.db.select({ value: count() }).from(users))[0]!.value;

/** The text of an element of a page by id, without markup. */
const textOf = (html: string, id: string) =>
  new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();

/** WCAG contrast ratio of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/** The custom properties a CSS block sets: `--name: #rrggbb`. */
const colorsIn = (css: string) => Object.fromEntries([...css.matchAll(/(--[\w-]+): (#[0-9a-f]{6})/g)].map(([, name, value]) => [name!, value!]));

describe('the sign-in page', () => {
  test('is a labelled, localised form with a main landmark and links to sign-up', async () => {
    const { html, page, pageUrl } = await startAuthorization(server.url, { edition: 'cloud' });
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<main>');
    expect(html).toContain('<label for="identifier">Username or e-mail</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input id="identifier"[^>]*autofocus/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain(`href="/interaction/${pageUrl.split('/').pop()}/sign-up"`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test("follows the system's light or dark mode: the page's own colours keep AA contrast in both", async () => {
    const { html } = await startAuthorization(server.url, { edition: 'cloud' });
    const css = /<style nonce="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css).toMatch(/:root \{ color-scheme: light dark;/);
    // Every rule for each scheme, in order, as the cascade applies them (the accent comes from the sign-in experience).
    const rules = (pattern: RegExp) => Object.assign({}, ...[...css.matchAll(pattern)].map(([rule]) => colorsIn(rule))) as Record<string, string>;
    const light = rules(/(?<!\{ ):root \{[^}]*\}/g);
    const dark = { ...light, ...rules(/@media \(prefers-color-scheme: dark\) \{[^}]*\}/g) };
    expect(dark['--accent']).not.toBe(light['--accent']);
    // Canvas, the page's background, as Chromium draws it in each scheme.
    for (const [colors, canvas] of [[light, '#ffffff'], [dark, '#121212']] as const) {
      expect(contrast(colors['--on-accent']!, colors['--accent']!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colors['--accent']!, canvas)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colors['--error']!, canvas)).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('follows ui_locales, then Accept-Language', async () => {
    const german = await startAuthorization(server.url, { edition: 'cloud', uiLocales: 'de' });
    expect(german.html).toMatch(/<html lang="de">/);
    expect(german.html).toContain('<label for="identifier">Benutzername oder E-Mail</label>');
    const byHeader = await startAuthorization(server.url, { edition: 'cloud', acceptLanguage: 'nl;q=0.9, de-AT;q=0.8' });
    expect(byHeader.html).toMatch(/<html lang="de">/);
    const uiLocalesWin = await startAuthorization(server.url, { edition: 'cloud', uiLocales: 'en', acceptLanguage: 'de' });
    expect(uiLocalesWin.html).toMatch(/<html lang="en">/);
  });

  test('is laid out right to left in Arabic, with logical CSS only', async () => {
    const arabic = await startAuthorization(server.url, { edition: 'cloud', acceptLanguage: 'ar-EG,ar;q=0.9,en;q=0.5' });
    expect(arabic.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic.html).toContain('<h1>تسجيل الدخول إلى Gatehouse</h1>');
    expect(arabic.html).toContain('<label for="password">كلمة المرور</label>');
    expect(arabic.html).not.toMatch(/\b(?:left|right)\b/);
    const { html } = await arabic.submit('sign-in', { identifier: '', password: '' });
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(textOf(html, 'password-error')).toBe('أدخل كلمة المرور.');
  });

  test('ui_locales=ja gives Japanese, left to right, before Accept-Language', async () => {
    const japanese = await startAuthorization(server.url, { edition: 'cloud', uiLocales: 'ja', acceptLanguage: 'ar' });
    expect(japanese.html).toMatch(/<html lang="ja">/);
    expect(japanese.html).toContain('<h1>Gatehouse にサインイン</h1>');
    expect(japanese.html).toContain('<label for="identifier">ユーザー名またはメールアドレス</label>');
  });

  test('a wrong password is an inline error tied to the input; the identifier is kept, the password is not', async () => {
    const account = newAccount();
    await signUp(server.url, account, { edition: 'cloud' });
    const pending = await startAuthorization(server.url, { edition: 'cloud' });
    const { response, html, session } = await pending.submit('sign-in', { identifier: account.username, password: 'Wrong-Password-1' });
    expect(session).toBeUndefined();
    expect(response.status).toBe(422);
    expect(textOf(html, 'password-error')).toBe('Incorrect username, e-mail or password.');
    expect(html).toMatch(/<input id="password"[^>]*aria-invalid="true"[^>]*aria-describedby="password-error"/);
    expect(html).toMatch(new RegExp(`<input id="identifier"[^>]*value="${account.username}"`));
    expect(html).not.toContain('Wrong-Password-1');
    // The same interaction still signs in with the right password.
    const retry = await pending.submit('sign-in', { identifier: account.username, password: account.password });
    expect(retry.session).toBeDefined();
  });

  test('an unknown account gets the same message as a wrong password', async () => {
    const pending = await startAuthorization(server.url, { edition: 'cloud' });
    const { html } = await pending.submit('sign-in', { identifier: 'nobody_here', password: 'Whatever-123' });
    expect(textOf(html, 'password-error')).toBe('Incorrect username, e-mail or password.');
  });

  test('empty fields are reported per field', async () => {
    const pending = await startAuthorization(server.url, { edition: 'cloud' });
    const { response, html } = await pending.submit('sign-in', { identifier: '', password: '' });
    expect(response.status).toBe(400);
    expect(textOf(html, 'identifier-error')).toBe('Enter your username or e-mail.');
    expect(textOf(html, 'password-error')).toBe('Enter your password.');
  });

  test(`after ${maxSignInFailures} failures the account is blocked, even with the right password, and the count is in the database`, async () => {
    const account = newAccount('target');
    const session = await signUp(server.url, account, { edition: 'cloud' });
    const pending = await startAuthorization(server.url, { edition: 'cloud' });
    for (let attempt = 0; attempt < maxSignInFailures; attempt += 1) {
      const { response } = await pending.submit('sign-in', { identifier: account.email, password: `Wrong-${attempt}-pass` });
      expect(response.status).toBe(422);
    }
    const key = signInLimitKey(String(decodeJwt(session.initial.id_token!).sub));
    const stored = await server.db.select().from(signInFailures).where(eq(signInFailures.identifier, key));
    expect(stored).toHaveLength(maxSignInFailures);
    const blocked = await pending.submit('sign-in', { identifier: account.email.toUpperCase(), password: account.password });
    expect(blocked.response.status).toBe(429);
    expect(textOf(blocked.html, 'password-error')).toBe('Too many attempts. Try again later.');
    // Other accounts are not affected.
    const other = newAccount();
    await signUp(server.url, other, { edition: 'cloud' });
    expect((await pending.submit('sign-in', { identifier: other.username, password: other.password })).session).toBeDefined();
  });

  test('an unknown or finished interaction shows an expiry page', async () => {
    const response = await fetch(`${server.url}/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in request has expired or is unknown.');
  });
});

describe('the sign-up page', () => {
  test('sign-up mode shows registration first, with the labels the console tests use, and links to sign-in', async () => {
    const pending = await startAuthorization(server.url, { edition: 'cloud', signUp: true });
    for (const [id, label] of [['username', 'Username'], ['email', 'E-mail'], ['password', 'Password'], ['confirmPassword', 'Confirm password']]) {
      expect(pending.html).toContain(`<label for="${id}">${label}</label>`);
    }
    expect(pending.html).toContain('<button type="submit">Create account</button>');
    expect(pending.html).toMatch(/href="\/interaction\/[^/"]+\/sign-in"/);
  });

  test('creates an account with an e-mail only, hashing the password with argon2id', async () => {
    const email = `only_${Date.now()}@example.com`;
    const session = await signUp(server.url, { email, password: 'Correct-Horse-42' }, { edition: 'cloud' });
    const [user] = await server.db.select().from(users).where(eq(users.primaryEmail, email));
    expect(user?.username).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(decodeJwt(session.initial.id_token!).sub).toBe(user?.id);
    expect(decodeJwt(await session.accessToken(resourceIndicators.me)).sub).toBe(user?.id);
  });

  test('needs at least one identifier, valid formats, a policy-conforming password and a matching confirmation', async () => {
    const before = await userCount();
    const pending = await startAuthorization(server.url, { edition: 'cloud', signUp: true });
    const none = await pending.submit('sign-up', { username: '', email: '', password: 'Correct-Horse-42', confirmPassword: 'Correct-Horse-42' });
    expect(none.response.status).toBe(400);
    expect(textOf(none.html, 'username-error')).toBe('Enter a username or an e-mail.');
    expect(none.html).toMatch(/<input id="username"[^>]*autofocus/);

    const invalid = await pending.submit('sign-up', { username: '1abc', email: 'not-an-email', password: 'short', confirmPassword: 'short' });
    expect(textOf(invalid.html, 'username-error')).toMatch(/^A username starts with a letter/);
    expect(textOf(invalid.html, 'email-error')).toBe('Enter a valid e-mail address.');
    expect(textOf(invalid.html, 'password-error')).toBe('The password must have at least 8 characters.');
    expect(invalid.html).toMatch(/<input id="username"[^>]*value="1abc"/);
    expect(invalid.html).toMatch(/<input id="email"[^>]*value="not-an-email"/);
    expect(invalid.html).not.toMatch(/<input id="password"[^>]*value=/);

    const mismatch = await pending.submit('sign-up', { username: 'mismatch_user', email: '', password: 'Correct-Horse-42', confirmPassword: 'Correct-Horse-43' });
    expect(textOf(mismatch.html, 'confirmPassword-error')).toBe('The passwords do not match.');
    expect(mismatch.html).toMatch(/<input id="confirmPassword"[^>]*autofocus/);

    const sequence = await pending.submit('sign-up', { username: 'seq_user', email: '', password: '12345678', confirmPassword: '12345678' });
    expect(textOf(sequence.html, 'password-error')).toBe('The password is mostly a sequence such as 1234 or abcd.');
    expect(await userCount()).toBe(before);
  });

  test('a taken username or e-mail is reported on its field and nothing is written', async () => {
    const account = newAccount();
    await signUp(server.url, account, { edition: 'cloud' });
    const before = await userCount();
    const pending = await startAuthorization(server.url, { edition: 'cloud', signUp: true });
    const sameName = await pending.submit('sign-up', { username: account.username, email: '', password: account.password, confirmPassword: account.password });
    expect(sameName.response.status).toBe(422);
    expect(textOf(sameName.html, 'username-error')).toBe('This username is already taken.');
    const sameEmail = await pending.submit('sign-up', { username: '', email: account.email.toUpperCase(), password: account.password, confirmPassword: account.password });
    expect(textOf(sameEmail.html, 'email-error')).toBe('An account with this e-mail already exists.');
    expect(await userCount()).toBe(before);
  });

  test('German sign-up page', async () => {
    const pending = await startAuthorization(server.url, { edition: 'cloud', signUp: true, uiLocales: 'de' });
    expect(pending.html).toContain('<button type="submit">Konto erstellen</button>');
    const { html } = await pending.submit('sign-up', { username: 'de_user', email: '', password: 'kurz', confirmPassword: 'kurz' });
    expect(textOf(html, 'password-error')).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
  });

  test('sign-in with username or e-mail reaches the same account', async () => {
    const account = newAccount();
    await signUp(server.url, account, { edition: 'cloud' });
    const byName = await signIn(server.url, account.username, account.password, { edition: 'cloud' });
    const byEmail = await signIn(server.url, account.email.toUpperCase(), account.password, { edition: 'cloud' });
    expect(decodeJwt(byName.initial.id_token!).sub).toBe(decodeJwt(byEmail.initial.id_token!).sub);
  });
});

describe("the console's sign-in", () => {
  test('ends at the console with a code right after the password: no consent interaction between', async () => {
    const account = newAccount('direct');
    await signUp(server.url, account, { edition: 'cloud' });
    const { browser, pageUrl } = await authorize(consoleClient(server.url, 'cloud'));
    const posted = await browser.postForm(`${pageUrl.replace(/\/sign-in$/, '')}/sign-in`, { identifier: account.username, password: account.password });
    expect(posted.status).toBe(303);
    const resumed = await browser.request(posted.headers.get('location')!);
    const callback = new URL(resumed.headers.get('location') ?? '', server.url);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${server.url}/console/callback`);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  test('its tokens carry what it asked for: the scopes of each resource it named, and a refresh token', async () => {
    const account = newAccount('granted');
    await signUp(server.url, account, { edition: 'cloud' });
    const session = await signIn(server.url, account.username, account.password, { edition: 'cloud' });
    const token = decodeJwt(await session.accessToken(resourceIndicators.cloud));
    expect(token.aud).toBe(resourceIndicators.cloud);
    expect(String(token.scope).split(' ')).toEqual(expect.arrayContaining(['create:tenant', 'manage:tenant:self']));
  });
});
