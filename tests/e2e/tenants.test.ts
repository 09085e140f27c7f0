import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { readDevMailbox, startServer, type RunningServer } from '../support/server.ts';
import { fillSignUp, goTo, newPersonDetails, reload, settle } from '../support/e2e-steps.ts';
import {
  assertNoSettingsTab, assertSettingsTab, changeMemberRole, createTenantFromSwitcher, deleteTenant,
  fillOnboarding, goToMembers, removeMember, switcherTenantNames,
} from '../support/tenant-steps.ts';

/** Issue 3's scenario: A owns Acme, invites B, promotes and removes B; C holds a link meant for B. */
describe('cloud edition: tenants, onboarding, invitations and member permissions', () => {
  const a = newPersonDetails('alice');
  const b = newPersonDetails('bob');
  const c = newPersonDetails('carol');
  let browser: Browser;
  let server: RunningServer;
  let pageA: Page;
  let pageB: Page;
  let acmeId = '';
  let invitationLink = '';

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page: pageA } = await newPerson(browser));
    ({ page: pageB } = await newPerson(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [name, page] of Object.entries({ a: pageA, b: pageB })) {
      await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-${task.name.slice(0, 2)}-${name}.png`) }).catch(() => {});
    }
  });

  const tenantIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[2] ?? '';

  test('1. A signs up; onboarding creates tenant "Acme" and invites B', async () => {
    await goTo(pageA, server.url, '/console');
    await fillSignUp(pageA, a);
    await pageA.waitForURL((url) => url.pathname === '/console/onboarding/create-tenant');
    await fillOnboarding(pageA, { name: 'Acme', region: 'Europe', collaborators: [b.email] });
    await pageA.waitForURL((url) => /^\/console\/[a-z0-9]+\/[a-z-]+/.test(url.pathname) && !url.pathname.includes('onboarding'));
    acmeId = tenantIdOf(pageA);
    await pageA.getByRole('banner').getByText('Acme').first().waitFor();

    const mail = await readDevMailbox(server.devMailboxUrl(), b.email);
    expect(mail).toHaveLength(1);
    invitationLink = mail[0]!.links.find((link) => link.includes('/console/accept/')) ?? '';
    expect(invitationLink).toMatch(new RegExp(`^${server.url}/console/accept/[a-z0-9]+$`));
  });

  test('2. B opens the link from the dev mailbox, signs up with that e-mail, and accepts', async () => {
    await pageB.goto(invitationLink);
    await pageB.getByLabel('Confirm password').waitFor(); // the accept link starts in sign-up mode
    await fillSignUp(pageB, b);
    await pageB.waitForURL((url) => url.pathname.startsWith(`/console/${acmeId}/`));
    await pageB.getByRole('banner').getByText('Acme').first().waitFor();
  });

  test('3. B sees Acme as a collaborator, without the settings tab', async () => {
    await goTo(pageB, server.url, `/console/${acmeId}/tenant-settings`);
    await pageB.waitForURL((url) => url.pathname === `/console/${acmeId}/tenant-settings/members`);
    await assertNoSettingsTab(pageB);
  });

  test("4. A makes B an admin; B's console picks up the new scopes and shows the settings tab", async () => {
    await goToMembers(pageA, server.url, acmeId);
    await changeMemberRole(pageA, b, 'Admin');
    await reload(pageB);
    await assertSettingsTab(pageB);
  });

  test('5. A removes B, and B is sent to the root', async () => {
    await goToMembers(pageA, server.url, acmeId);
    await removeMember(pageA, b);
    await reload(pageB);
    await pageB.waitForURL((url) => !url.pathname.startsWith(`/console/${acmeId}`));
    // With no tenant left, the root sends B to create a first tenant.
    await pageB.getByRole('heading', { name: 'Create your first tenant' }).waitFor();
    await pageB.goto(`${server.url}/console/${acmeId}/applications`);
    await pageB.waitForURL((url) => url.pathname === '/console/onboarding/create-tenant');
  });

  test('6. C, signed in with another e-mail, opens a link meant for B and gets the mismatch screen', async () => {
    const { page: pageC, context } = await newPerson(browser);
    await goTo(pageC, server.url, '/console');
    await fillSignUp(pageC, c);
    await pageC.waitForURL((url) => url.pathname.startsWith('/console/onboarding'));
    await settle(pageC);
    await pageC.goto(invitationLink);
    await pageC.getByRole('heading', { name: 'This invitation was sent to another account' }).waitFor();
    await pageC.getByRole('button', { name: 'Switch account' }).click();
    await pageC.getByLabel('Password', { exact: true }).waitFor(); // signed out, at the issuer's pages again
    expect(new URL(pageC.url()).pathname).toMatch(/^\/interaction\//);
    await context.close();
  });

  test('7. A deletes a second tenant: it leaves the switcher, and its URL shows not found', async () => {
    await createTenantFromSwitcher(pageA, 'Scratch');
    await pageA.waitForURL((url) => !url.pathname.startsWith(`/console/${acmeId}`));
    const scratchId = tenantIdOf(pageA);
    await deleteTenant(pageA, server.url, scratchId, 'Scratch');
    await pageA.waitForURL((url) => !url.pathname.startsWith(`/console/${scratchId}`));
    expect(await switcherTenantNames(pageA)).toEqual(['Acme']);
    await goTo(pageA, server.url, `/console/${scratchId}/applications`);
    await pageA.getByText(/page not found/i).waitFor();
  });
});

