import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { goTo } from '../support/e2e-steps.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signUpWithSandbox } from '../support/tenant-steps.ts';
import {
  chooseHookAction, createUser, createWebhook, devInbox, eventOf, readSigningKey, verifies, waitForRequests, type DevInbox,
} from '../support/webhook-steps.ts';

/**
 * The webhooks pages' scenarios (webhooks.md §8) against a real server, with its dev webhook inbox as the receiver:
 * A, B and D; C with a user created in the console (the sign-in flow's PostRegister is the server's test,
 * tests/server/hooks-sign-in.test.ts, and the restart mid-retry its processes test).
 */
describe('cloud edition: webhooks', () => {
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let tenantId = '';
  let hookId = '';
  let inbox: DevInbox;

  beforeAll(async () => {
    // Short retry waits, so that scenario C sees its three attempts within seconds.
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud', env: { HOOK_RETRY_DELAYS_MS: '1000,2000,3000' } })]);
    ({ page } = await newPerson(browser));
    tenantId = await signUpWithSandbox(page, server.url, 'webhooks');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-webhooks-${task.name.slice(0, 2)}.png`) }).catch(() => {});
  });

  const sendTest = async () => {
    await page.getByRole('button', { name: 'Send test payload' }).click();
    await page.getByRole('status').filter({ hasText: 'The endpoint accepted the test payload.' }).waitFor();
  };
  const recentRequests = () => page.getByRole('table', { name: 'Recent requests' });

  test('A 1-5. Create "CRM sync" to the dev inbox the form offers; a test reaches it signed; after Regenerate only the new key verifies', async () => {
    const created = await createWebhook(page, server.url, tenantId, { name: 'CRM sync', events: ['User.Created', 'User.Deleted'] });
    hookId = created.id;
    // The tenant's own inbox, named after the hook, with a token of its own rather than the dev mailbox's.
    expect(new URL(created.url).pathname).toBe(`/dev/webhooks/crm-sync-${tenantId}`);
    expect(new URL(created.url).searchParams.get('token')).not.toBe(new URL(server.devMailboxUrl() ?? 'http://x').searchParams.get('token'));
    inbox = devInbox(created.url);
    await page.getByRole('heading', { level: 1, name: 'CRM sync' }).waitFor();
    expect(await page.getByText(hookId, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy Webhook ID' }).isVisible()).toBe(true);

    await sendTest();
    const tested = await waitForRequests(inbox, 2);
    expect(tested.map(eventOf).toSorted()).toEqual(['User.Created', 'User.Deleted']);
    expect(tested.every((request) => request.body.includes('fake-'))).toBe(true);
    const oldKey = await readSigningKey(page);
    expect(oldKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(tested.every((request) => verifies(oldKey, request))).toBe(true);

    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('dialog', { name: 'Regenerate signing key' }).getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText('Signing key regenerated').waitFor();
    const newKey = await readSigningKey(page);
    expect(newKey).not.toBe(oldKey);
    await sendTest();
    const [, , ...again] = await waitForRequests(inbox, 4);
    expect(again.map((request) => [verifies(newKey, request), verifies(oldKey, request)])).toEqual([[true, false], [true, false]]);
  });

  test('B 1-5. Creating the user ann sends User.Created with her id; the list, the recent requests and the delivery show it; deleting her sends User.Deleted', async () => {
    const before = (await inbox.requests()).length;
    const annId = await createUser(page, server.url, tenantId, 'ann');
    const [created] = (await waitForRequests(inbox, before + 1)).slice(before);
    expect(eventOf(created!)).toBe('User.Created');
    expect((JSON.parse(created!.body) as { data: { id: string } }).data.id).toBe(annId);

    await goTo(page, server.url, `/console/${tenantId}/webhooks`);
    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: 'CRM sync' });
    await row.getByText('100% success').waitFor();
    expect(await row.getByRole('cell').last().innerText()).toBe('1');

    await row.getByRole('link').first().click();
    await page.getByRole('link', { name: 'Recent requests' }).click();
    const ok = recentRequests().getByRole('row').filter({ hasText: 'User.Created' });
    await ok.getByText('200', { exact: true }).waitFor();
    await ok.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'User.Created' }).waitFor();
    expect(await page.getByLabel('Request body (JSON)', { exact: true }).innerText()).toContain(annId);
    await page.getByText('Status 200').waitFor();
    await page.getByRole('list', { name: 'Attempts' }).getByRole('listitem').first().waitFor();
    expect(await page.getByRole('list', { name: 'Attempts' }).getByRole('listitem').count()).toBe(1);

    await goTo(page, server.url, `/console/${tenantId}/users/${annId}/settings`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/users'));
    const [deleted] = (await waitForRequests(inbox, before + 2)).slice(before + 1);
    expect(eventOf(deleted!)).toBe('User.Deleted');
  });

  test('C 1, 3, 4. With the inbox answering 500 and 2 retries, a delivery is tried 3 times with growing gaps; Resend with the inbox at 200 adds a 200', async () => {
    await goTo(page, server.url, `/console/${tenantId}/webhooks/${hookId}/settings`);
    await page.getByRole('textbox', { name: 'Retries' }).fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
    await inbox.answer(500);

    const before = (await inbox.requests()).length;
    await createUser(page, server.url, tenantId, 'bob');
    const attempts = (await waitForRequests(inbox, before + 3, 30_000)).slice(before);
    expect(attempts.map((request) => [eventOf(request), request.status])).toEqual([['User.Created', 500], ['User.Created', 500], ['User.Created', 500]]);
    const [first, second, third] = attempts.map((request) => Date.parse(request.createdAt));
    expect(third! - second!).toBeGreaterThan(second! - first!);
    expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1);

    await goTo(page, server.url, `/console/${tenantId}/webhooks/${hookId}/recent-requests`);
    const failed = recentRequests().getByRole('row').filter({ hasText: /^500/ });
    await failed.filter({ hasText: '3 of 3' }).waitFor();
    expect(await failed.count()).toBe(3);
    await failed.filter({ hasText: '3 of 3' }).getByRole('link').click();
    // The attempt's own detail; the timeline below also says "Attempt 3 of 3" once it has loaded.
    await page.getByText('3 of 3', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Attempts' }).getByRole('listitem').nth(2).waitFor();
    expect(await page.getByRole('list', { name: 'Attempts' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^500\s*Attempt 1 of 3/),
      expect.stringMatching(/^500\s*Attempt 2 of 3/),
      expect.stringMatching(/^500\s*Attempt 3 of 3/),
    ]);

    await inbox.answer(200);
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('The endpoint answered the resent request with 200.').waitFor();
    await page.getByRole('list', { name: 'Attempts' }).getByText('resent').waitFor();
    await goTo(page, server.url, `/console/${tenantId}/webhooks/${hookId}/recent-requests`);
    await recentRequests().getByRole('row').filter({ hasText: /^200User\.Created/ }).first().waitFor();
    expect(await recentRequests().getByRole('row').filter({ hasText: /^200User\.Created/ }).count()).toBe(2);
  });

  test('D 1-4. Disabled, a new user sends nothing; reactivated, the next one arrives; unsaved headers ask before leaving; Delete removes the hook', async () => {
    await goTo(page, server.url, `/console/${tenantId}/webhooks/${hookId}/settings`);
    await chooseHookAction(page, 'Disable', 'Disable');
    await page.getByText('Not in use').waitFor();
    const before = (await inbox.requests()).length;
    await createUser(page, server.url, tenantId, 'cat');
    // The dispatcher looks each second: three seconds without a request.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await inbox.requests()).toHaveLength(before);

    await goTo(page, server.url, `/console/${tenantId}/webhooks/${hookId}/settings`);
    await chooseHookAction(page, 'Reactivate');
    await page.getByText('Webhook reactivated').waitFor();
    await createUser(page, server.url, tenantId, 'dan');
    const [arrived] = (await waitForRequests(inbox, before + 1)).slice(before);
    expect(eventOf(arrived!)).toBe('User.Created');
    expect(arrived!.body).toContain('"dan"');

    await goTo(page, server.url, `/console/${tenantId}/webhooks/${hookId}/settings`);
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByRole('textbox', { name: 'Header name 1' }).fill('x-tenant');
    await page.getByRole('textbox', { name: 'Header value 1' }).fill('acme');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Webhooks' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('textbox', { name: 'Header value 1' }).inputValue()).toBe('acme');

    await chooseHookAction(page, 'Delete', 'Delete');
    await page.waitForURL((url) => url.pathname === `/console/${tenantId}/webhooks`);
    await page.getByText(/No webhooks yet/).waitFor();
  });
});
