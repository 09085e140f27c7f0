import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultTenantId, organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { customCssMaxLength, defaultSignInExperienceSettings, type SignInExperienceSettings, type SignInMethod } from '#schemas/sign-in-experience.ts';
import { signUp } from '../support/oidc-client.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { listLogs } from './log-support.ts';
import { patchSettings, readSettings, send } from './sign-in-experience-support.ts';
import { managementMachine } from './tenant-runtime-support.ts';
import { expectError, newAccount, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

const method = (identifier: SignInMethod['identifier'], password: boolean, verificationCode: boolean): SignInMethod => ({
  identifier,
  password,
  verificationCode,
  isPasswordPrimary: true,
});

describe('the sign-in experience API', () => {
  let server: TestServer;
  let admin: TestUser;
  let api: ManagementApi;

  beforeAll(async () => {
    server = await startTestServer('cloud');
    admin = await signUpUser(server, 'sie');
    api = await openTenant(server, admin, planIds.development);
  });
  afterAll(() => server?.close());

  /** Expects the refusal and that nothing was written: the same document under the same ETag. */
  const expectRefused = async (patch: unknown, status: number, code: string, headers: Record<string, string> = {}) => {
    const before = await readSettings(api);
    const body = await expectError(await send(`${api.base}/sign-in-exp`, api.token, 'PATCH', patch, headers), status, code);
    expect(await readSettings(api)).toEqual(before);
    return body;
  };

  test("a new tenant has its edition's defaults, version 0", async () => {
    expect(await readSettings(await openTenant(server, admin, planIds.free))).toEqual({ settings: defaultSignInExperienceSettings('cloud'), etag: '"0"' });
  });

  test('PATCH replaces the keys it gives, keeps the others, answers the document and its new ETag, and logs the change', async () => {
    const tenant = await openTenant(server, admin, planIds.development);
    const since = Date.now();
    const color = { primaryColor: '#0a7d4f', isDarkModeEnabled: true, darkPrimaryColor: '#2fa36f' };
    const saved = await patchSettings(tenant, { color, customCss: '.gh-footer{display:none}', branding: { logoUrl: 'https://cdn.example.test/logo.png' } });
    const expected: SignInExperienceSettings = { ...defaultSignInExperienceSettings('cloud'), color, customCss: '.gh-footer{display:none}', branding: { logoUrl: 'https://cdn.example.test/logo.png' } };
    expect(saved).toEqual({ settings: expected, etag: '"1"' });
    expect(await readSettings(tenant)).toEqual(saved);
    // A key replaces the stored value whole: branding without logoUrl has none.
    expect((await patchSettings(tenant, { branding: { favicon: 'https://cdn.example.test/favicon.ico' } })).settings.branding).toEqual({ favicon: 'https://cdn.example.test/favicon.ico' });
    const [updated] = (await listLogs(tenant, `?start_time=${since}&logKey=Management.SignInExperience.Updated&page_size=10`)).items.reverse();
    expect(updated?.payload).toMatchObject({ targetId: tenant.tenantId, changes: { color: { from: defaultSignInExperienceSettings('cloud').color, to: color } } });
  });

  test.each<[string, Partial<SignInExperienceSettings>, number, string, unknown?]>([
    ['a method without a factor', { signIn: { methods: [method('email', true, false), method('username', false, false)] } }, 400, 'sign_in_experiences.at_least_one_authentication_factor', { identifier: 'username' }],
    ['a passwordless sign-up without verification', { signUp: { identifiers: ['email'], password: false, verify: false } }, 400, 'sign_in_experiences.passwordless_requires_verify'],
    ['a verified e-mail sign-up without an e-mail connector', { signUp: { identifiers: ['email'], password: true, verify: true } }, 400, 'sign_in_experiences.enabled_connector_not_found', { type: 'Email' }],
    ['an SMS code sign-in without an SMS connector', { signIn: { methods: [method('email', true, false), method('phone', true, true)] } }, 400, 'sign_in_experiences.enabled_connector_not_found', { type: 'Sms' }],
    [
      'a passwordless sign-up with password-only sign-in',
      { signUp: { identifiers: ['email'], password: false, verify: true }, signIn: { methods: [method('email', true, false)] } },
      400,
      'sign_in_experiences.code_sign_in_must_be_enabled',
    ],
    ['an identifier given twice at sign-up', { signUp: { identifiers: ['email', 'email'], password: true, verify: false } }, 400, 'sign_in_experiences.duplicated_sign_up_identifiers'],
    [
      'an e-mail code both to sign in and as MFA',
      { signIn: { methods: [method('email', true, true)] }, mfa: { factors: ['EmailVerificationCode'], policy: 'UserControlled' } },
      400,
      'sign_in_experiences.email_verification_code_cannot_be_used_for_sign_in',
    ],
    [
      'an SMS code both to sign in and as MFA',
      { signIn: { methods: [method('email', true, false), method('phone', false, true)] }, mfa: { factors: ['PhoneVerificationCode'], policy: 'Mandatory' } },
      400,
      'sign_in_experiences.phone_verification_code_cannot_be_used_for_sign_in',
    ],
    ['a fallback language that is neither built in nor custom', { languageInfo: { autoDetect: true, fallbackLanguage: 'fr-CA' } }, 422, 'sign_in_experiences.unsupported_default_language', { languageTag: 'fr-CA' }],
  ])('refuses %s, and writes nothing', async (_, patch, status, code, details) => {
    const body = await expectRefused(patch, status, code);
    if (details) expect(body.details).toEqual(details);
  });

  test.each<[string, unknown, string]>([
    ['a colour that is not hex', { color: { primaryColor: 'purple', isDarkModeEnabled: false, darkPrimaryColor: '#fff' } }, 'color.primaryColor'],
    ['a javascript: URL', { termsOfUseUrl: 'javascript:alert(document.cookie)' }, 'termsOfUseUrl'],
    ['an http: URL with no host', { branding: { logoUrl: 'http:javascript:alert(1)' } }, 'branding.logoUrl'],
    ['custom CSS that closes its style element', { customCss: 'a{}</style><script>alert(1)</script>' }, 'customCss'],
    ['a username sign-in method with a code', { signIn: { methods: [method('username', true, true)] } }, 'signIn.methods.0.verificationCode'],
    ['a fallback language that is no language tag', { languageInfo: { autoDetect: true, fallbackLanguage: 'en_US' } }, 'languageInfo.fallbackLanguage'],
    ['an unknown key', { theme: 'dark' }, ''],
  ])('refuses %s with guard.invalid_input naming it, and writes nothing', async (_, patch, path) => {
    const body = await expectRefused(patch, 400, 'guard.invalid_input');
    expect(body.details).toContainEqual(expect.objectContaining({ path }));
  });

  test('custom CSS beyond 64 KiB is refused before it is read, and nothing is written', async () => {
    await expectRefused({ customCss: 'a'.repeat(customCssMaxLength + 1) }, 413, 'guard.body_too_large');
  });

  test('fixes what the console would: a sign-up identifier missing at sign-in, a username sign-up without a password, unknown social targets', async () => {
    const tenant = await openTenant(server, admin, planIds.development);
    const { settings } = await patchSettings(tenant, {
      signUp: { identifiers: ['username'], password: false, verify: false },
      signIn: { methods: [method('email', true, false)] },
      socialSignInConnectorTargets: ['github'],
    });
    expect(settings).toMatchObject({
      signUp: { identifiers: ['username'], password: true, verify: false },
      signIn: { methods: [method('email', true, false), method('username', true, false)] },
      socialSignInConnectorTargets: [],
    });
    // An e-mail sign-up with a password and no verification needs no connector: no code is sent.
    expect((await patchSettings(tenant, { signUp: { identifiers: ['email'], password: true, verify: false } })).settings.signUp.verify).toBe(false);
  });

  test('If-Match: a stale version is 409 and writes nothing; the stored one writes and bumps the ETag; none writes last-wins', async () => {
    const tenant = await openTenant(server, admin, planIds.development);
    const { etag } = await readSettings(tenant);
    expect(etag).toBe('"0"');
    const first = await patchSettings(tenant, { supportEmail: 'help@example.test' }, { 'if-match': etag! });
    expect(first.etag).toBe('"1"');
    const url = `${tenant.base}/sign-in-exp`;
    const stale = await expectError(await send(url, tenant.token, 'PATCH', { supportEmail: 'other@example.test' }, { 'if-match': etag! }), 409, 'sign_in_experiences.version_conflict');
    expect(stale.message).toMatch(/reload/i);
    for (const tag of ['W/"1"', 'garbage']) {
      await expectError(await send(url, tenant.token, 'PATCH', { supportEmail: 'other@example.test' }, { 'if-match': tag }), 409, 'sign_in_experiences.version_conflict');
    }
    expect(await readSettings(tenant)).toEqual(first);
    expect((await patchSettings(tenant, { supportEmail: 'both@example.test' }, { 'if-match': `"0", ${first.etag}` })).etag).toBe('"2"');
    expect((await patchSettings(tenant, { supportEmail: null })).etag).toBe('"3"');
    expect((await patchSettings(tenant, { supportEmail: 'any@example.test' }, { 'if-match': '*' })).etag).toBe('"4"');
  });

  test("CORS lets the console's origin send If-Match and read the ETag", async () => {
    const url = `${api.base}/sign-in-exp`;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: server.url, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type,if-match' },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-match');
    const read = await fetch(url, { headers: { origin: server.url, authorization: `Bearer ${api.token}` } });
    expect(read.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('etag');
  });

  test("needs read:data to read and write:data to write; another tenant's member cannot read or write it", async () => {
    const readOnly = await admin.session.organizationToken(organizationIdOf(api.tenantId), 'read:data');
    expect((await send(`${api.base}/sign-in-exp`, readOnly, 'GET')).status).toBe(200);
    const refused = await expectError(await send(`${api.base}/sign-in-exp`, readOnly, 'PATCH', { supportEmail: 'x@example.test' }), 403, 'auth.insufficient_scope');
    expect(refused.details).toEqual({ requiredScope: 'write:data' });

    const stranger = await signUpUser(server, 'stranger');
    const own = await openTenant(server, stranger, planIds.development);
    const before = await readSettings(api);
    await expectError(await send(`${api.base}/sign-in-exp`, own.token, 'GET'), 401, 'auth.unauthorized');
    await expectError(await send(`${api.base}/sign-in-exp`, own.token, 'PATCH', { supportEmail: 'x@example.test' }), 401, 'auth.unauthorized');
    expect(await readSettings(api)).toEqual(before);
  });

  test("a machine-to-machine app reads and writes its own tenant's at /t/{tenantId}/api, not another tenant's", async () => {
    const own = await openTenant(server, admin, planIds.development);
    const { token } = await managementMachine(server.db, server.url, own.tenantId);
    const base = `${server.url}/t/${own.tenantId}/api`;
    expect((await patchSettings({ ...own, base, token }, { signInMode: 'Register' })).settings.signInMode).toBe('Register');
    const before = await readSettings(api);
    const elsewhere = `${server.url}/t/${api.tenantId}/api/sign-in-exp`;
    await expectError(await send(elsewhere, token, 'GET'), 401, 'auth.unauthorized');
    await expectError(await send(elsewhere, token, 'PATCH', { signInMode: 'Register' }), 401, 'auth.unauthorized');
    expect(await readSettings(api)).toEqual(before);
  });
});

describe('the self-hosted sign-in experience API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('self-hosted');
  });
  afterAll(() => server?.close());

  test('the default tenant has the self-hosted defaults, at /api with the management token', async () => {
    const admin = await signUp(server.url, newAccount('first'), { edition: 'self-hosted' });
    const token = await admin.accessToken(resourceIndicators.management(defaultTenantId));
    const api = { server, tenantId: defaultTenantId, base: `${server.url}/api`, token };
    expect(await readSettings(api)).toEqual({ settings: defaultSignInExperienceSettings('self-hosted'), etag: '"0"' });
    expect((await patchSettings(api, { signInMode: 'SignIn' })).settings).toEqual({ ...defaultSignInExperienceSettings('self-hosted'), signInMode: 'SignIn' });
  });
});
