import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { readDevMailbox, startServer, type RunningServer } from '../support/server.ts';
import { signUp as signUpByHttp } from '../support/oidc-client.ts';
import { resourceIndicators } from '#schemas/constants.ts';
import { assertOnSignInPage, clickSignOut, fillSignIn, fillSignUp, goTo, newPersonDetails, reload, settle } from '../support/e2e-steps.ts';
import { fillOnboarding } from '../support/tenant-steps.ts';

/** A real 2×2 PNG, made here: the server checks the type from the bytes. */
const pngBytes = () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const editField = async (page: Page, field: 'Name' | 'Username', value: string) => {
  await page.getByRole('button', { name: `Edit ${field.toLowerCase()}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${field.toLowerCase()}` });
  await dialog.getByRole('textbox', { name: field }).fill(value);
  await dialog.getByRole('textbox', { name: field }).press('Enter');
  await page.getByText(`Profile updated: ${field}`).first().waitFor();
};

/** The 6-digit codes of the mails the dev mailbox holds for `email`, newest first. */
const codesFromMailbox = async (mailboxUrl: string | undefined, email: string) => {
  const codes = (await readDevMailbox(mailboxUrl, email)).map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '');
  for (const code of codes) expect(code).toMatch(/^\d{6}$/);
  return codes;
};

const codeFromMailbox = async (mailboxUrl: string | undefined, email: string) => (await codesFromMailbox(mailboxUrl, email))[0] ?? '';

/** Fills in the change-password page and waits for the toast. */
const saveNewPassword = async (page: Page, password: string) => {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByText('Profile updated: Password').first().waitFor();
};

/** Signs out, then the old password is refused and the new one lets the user back in to the profile. */
const signsInOnlyWithTheNewPassword = async (page: Page, baseUrl: string, userName: string, identifier: string, passwords: { old: string; new: string }) => {
  await settle(page);
  await clickSignOut(page, userName);
  await page.waitForURL((url) => !url.pathname.startsWith('/console/profile'));
  await goTo(page, baseUrl, '/console/profile');
  await fillSignIn(page, identifier, passwords.old);
  await page.getByText('Incorrect username, e-mail or password.').waitFor();
  await fillSignIn(page, identifier, passwords.new);
  await page.getByRole('heading', { name: 'Profile', exact: true, level: 1 }).waitFor();
};

describe('profile', () => {
  let browser: Browser;
  let cloud: RunningServer;
  let selfHosted: RunningServer;

  beforeAll(async () => {
    [browser, cloud, selfHosted] = await Promise.all([
      launchBrowser(),
      startServer({ edition: 'cloud' }),
      startServer({ edition: 'self-hosted' }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([cloud?.stop(), selfHosted?.stop()]);
  });

  /** A new person in a fresh browser who signs up from the cloud profile link. */
  const signUpOnProfile = async (prefix: string) => {
    const { page, context } = await newPerson(browser);
    const person = newPersonDetails(prefix);
    await goTo(page, cloud.url, '/console/profile');
    await fillSignUp(page, person);
    return { page, context, person };
  };

  test('cloud: change the name, which the other tabs follow, and the avatar by uploading a PNG', async () => {
    const { page, context } = await signUpOnProfile('grace');
    await page.getByRole('heading', { name: 'Profile', exact: true, level: 1 }).waitFor();
    // The console in another tab, signed in as the same user.
    const otherTab = await context.newPage();
    await goTo(otherTab, cloud.url, '/console/profile');
    await otherTab.getByRole('heading', { name: 'Profile', exact: true, level: 1 }).waitFor();

    await editField(page, 'Name', 'Grace Hopper');
    await page.getByRole('button', { name: 'Grace Hopper' }).waitFor(); // the user menu follows
    await otherTab.getByRole('banner').getByRole('button', { name: 'Grace Hopper' }).waitFor(); // and so does the other tab's

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload image' }).click();
    await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: pngBytes() });
    await page.getByText('Profile updated: Avatar').first().waitFor();

    await reload(page);
    const settings = page.getByRole('region', { name: 'Profile settings' });
    await settings.getByText('Grace Hopper').waitFor();
    const avatar = settings.locator('img[src*="/user-assets/"]').first();
    await avatar.waitFor();
    const served = await context.request.get(new URL((await avatar.getAttribute('src')) ?? '', cloud.url).toString());
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await served.body()).equals(pngBytes())).toBe(true);
    await context.close();
  });

  test('cloud: link the demo social account through the real popup, then unlink it', async () => {
    const { page, context } = await signUpOnProfile('ada');
    const accounts = page.getByRole('region', { name: 'Linked accounts' });
    const popupOpened = context.waitForEvent('page');
    await accounts.getByRole('button', { name: 'Link Demo social' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Continue as Demo User One' }).click();
    await popup.waitForEvent('close');
    await accounts.getByRole('button', { name: 'Unlink Demo social' }).waitFor();

    await accounts.getByRole('button', { name: 'Unlink Demo social' }).click();
    await page.getByRole('dialog', { name: 'Unlink Demo social?' }).getByRole('button', { name: 'Unlink', exact: true }).click();
    await page.getByText('The social account was unlinked.').first().waitFor();
    await accounts.getByRole('button', { name: 'Link Demo social' }).waitFor();
    await context.close();
  });

  test('cloud: change the password, sign out, and sign in with the new one; change the e-mail with the code from the dev mailbox', async () => {
    const { page, context, person } = await signUpOnProfile('joan');
    const newPassword = `${person.password}-2`;

    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByLabel(/^Current password/).fill(person.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await saveNewPassword(page, newPassword);

    const newEmail = `new.${person.email}`;
    await settle(page);
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await page.getByLabel(/^New e-mail/).fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel(/^Verification code/).waitFor();
    await page.getByLabel(/^Verification code/).fill(await codeFromMailbox(cloud.devMailboxUrl(), newEmail));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Profile updated: E-mail').first().waitFor();
    await page.getByRole('region', { name: 'Linked accounts' }).getByText(newEmail).waitFor();

    await signsInOnlyWithTheNewPassword(page, cloud.url, person.username, newEmail, { old: person.password, new: newPassword });
    await context.close();
  });

  test('cloud: without the current password, a code of the primary e-mail (the newest one sent) lets the user set a new one', async () => {
    const { page, context, person } = await signUpOnProfile('ines');
    const newPassword = `${person.password}-3`;

    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('button', { name: 'Use a code sent to your e-mail instead' }).click();
    await page.getByRole('heading', { name: 'Verify by e-mail' }).waitFor();
    expect(await page.getByLabel(/^Primary e-mail/).inputValue()).toBe(person.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel(/^Verification code/).waitFor();
    // A new code replaces the first one.
    const firstCode = await codeFromMailbox(cloud.devMailboxUrl(), person.email);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText('A new code is on its way; the earlier ones no longer work.').waitFor();
    const codes = await codesFromMailbox(cloud.devMailboxUrl(), person.email);
    expect(codes).toHaveLength(2);
    const newCode = codes.find((code) => code !== firstCode) ?? '';
    await page.getByLabel(/^Verification code/).fill(firstCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel(/^Verification code/).fill(newCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await saveNewPassword(page, newPassword);

    await signsInOnlyWithTheNewPassword(page, cloud.url, person.username, person.username, { old: person.password, new: newPassword });
    await context.close();
  });

  test('cloud: deleting an account removes the tenant it owns and its membership in the other; the old credentials fail', async () => {
    const { page, context } = await newPerson(browser);
    const person = newPersonDetails('dora');
    await goTo(page, cloud.url, '/console');
    await fillSignUp(page, person);
    await fillOnboarding(page, { name: 'Owned', region: 'Europe', collaborators: [] });
    await page.waitForURL((url) => /^\/console\/[a-z0-9]+\//.test(url.pathname) && !url.pathname.includes('onboarding'));
    const ownedId = new URL(page.url()).pathname.split('/')[2]!;

    // Someone else's tenant, which the person joins as a collaborator.
    const other = await signUpByHttp(cloud.url, { username: `eve${Date.now().toString(36)}`, password: 'Other!pass-7q' }, { edition: 'cloud' });
    const cloudToken = await other.accessToken(resourceIndicators.cloud);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${cloud.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${cloudToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: response.status === 204 ? undefined : await response.json() };
    };
    const shared = (await call('POST', '/api/tenants', { name: 'Shared', tag: 'development', regionName: 'EU' })).json as { id: string };
    const [invitation] = (await call('POST', `/api/tenants/${shared.id}/invitations`, { invitee: [person.email], roleName: 'collaborator' })).json as { id: string }[];
    await goTo(page, cloud.url, `/console/accept/${invitation!.id}`);
    await page.waitForURL((url) => url.pathname.startsWith(`/console/${shared.id}/`));

    await goTo(page, cloud.url, '/console/profile');
    await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog', { name: 'Delete account?' }).getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Delete your account permanently?' }).getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/console/profile'));

    const members = (await call('GET', `/api/tenants/${shared.id}/members`)).json as { primaryEmail: string | null }[];
    expect(members.map(({ primaryEmail }) => primaryEmail)).not.toContain(person.email);
    await expect(cloud.ops(['show', ownedId])).rejects.toThrow();

    await goTo(page, cloud.url, '/console');
    await assertOnSignInPage(page);
    await fillSignIn(page, person.username, person.password);
    await page.getByText('Incorrect username, e-mail or password.').waitFor();
    await context.close();
  });

  test('self-hosted: edit the username', async () => {
    const { page, context } = await newPerson(browser);
    const person = newPersonDetails('linus');
    await goTo(page, selfHosted.url, '/console/profile');
    await fillSignUp(page, person);
    await page.getByRole('heading', { name: 'Profile', exact: true, level: 1 }).waitFor();
    await editField(page, 'Username', `${person.username}_renamed`);
    await reload(page);
    await page.getByRole('region', { name: 'Profile settings' }).getByText(`${person.username}_renamed`).waitFor();
    await context.close();
  });
});
