import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { readDevMailbox, startServer, type RunningServer } from '../support/server.ts';
import { goTo, reload } from '../support/e2e-steps.ts';
import { signUpWithSandbox } from '../support/tenant-steps.ts';
import { startSmtpSink } from '../server/connectors-support.ts';

/**
 * The connectors page's scenarios (connectors.md §9) against a real server, its dev mailbox and a local SMTP server: A
 * and B; C 1 and D 2, 4, 5 (the console's steps; the sign-in steps are the social sign-in e2e's, tenant-sign-in.test.ts).
 */
describe('cloud edition: connectors', () => {
  let browser: Browser;
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let page: Page;
  let tenantId = '';

  beforeAll(async () => {
    [browser, server, smtp] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' }), startSmtpSink()]);
    ({ page } = await newPerson(browser));
    tenantId = await signUpWithSandbox(page, server.url, 'connectors');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-connectors-${task.name.slice(0, 2)}.png`) }).catch(() => {});
  });

  const guide = () => page.getByRole('dialog', { name: 'Connector guide' });
  const sendTest = async (to: string) => {
    await guide().getByRole('textbox', { name: /Send a test e-mail to/ }).fill(to);
    await guide().getByRole('button', { name: 'Send test' }).click();
  };

  test('A 1-5. Dev mailbox: set up from the e-mail row, a test reaches the mailbox from "Acme", a URL in the sender name is refused, saved values stay after a reload', async () => {
    await goTo(page, server.url, `/console/${tenantId}/connectors`);
    const table = page.getByRole('table', { name: 'Passwordless connectors' });
    await table.getByRole('row', { name: /E-mail connector/ }).getByRole('link', { name: 'Set up' }).click();
    await page.waitForURL(`**/console/${tenantId}/connectors/passwordless/create/Email`);
    const picker = page.getByRole('dialog', { name: 'Set up an e-mail connector' });
    await picker.getByRole('radio', { name: /Dev mailbox/ }).click();
    await picker.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`**/console/${tenantId}/connectors/passwordless/guide/dev-mailbox`);

    await guide().getByRole('textbox', { name: /^Sender name/ }).fill('Acme');
    const to = `me-${Date.now()}@example.com`;
    await sendTest(to);
    await guide().getByRole('status').getByText(`A test message was sent to ${to}.`).waitFor();
    const [mail] = await readDevMailbox(server.devMailboxUrl(), to);
    expect(mail?.from).toBe('Acme');
    expect(mail?.text).toContain('000000');

    await guide().getByRole('textbox', { name: /^Sender name/ }).fill('https://x.y');
    await sendTest(to);
    await guide().getByText('URL is not allowed in sender name.').first().waitFor();
    expect(await guide().getByRole('textbox', { name: /^Sender name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(await readDevMailbox(server.devMailboxUrl(), to)).toHaveLength(1);

    await guide().getByRole('textbox', { name: /^Sender name/ }).fill('Acme');
    await guide().getByRole('button', { name: 'Save and done' }).click();
    await page.waitForURL((url) => new RegExp(`/console/${tenantId}/connectors/passwordless/[\\w-]+$`).test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    await reload(page);
    expect(await page.getByRole('textbox', { name: /^Sender name/ }).inputValue()).toBe('Acme');
  });

  test('B 1-4. Changing to SMTP: a wrong port fails with the network error and a hint, the right one reaches the SMTP server; the mailbox connector is replaced', async () => {
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Change e-mail connector' }).click();
    const picker = page.getByRole('dialog', { name: 'Set up an e-mail connector' });
    await picker.getByRole('radio', { name: /SMTP/ }).click();
    await picker.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`**/console/${tenantId}/connectors/passwordless/guide/smtp`);

    await guide().getByRole('textbox', { name: /^Host/ }).fill('127.0.0.1');
    await guide().getByRole('textbox', { name: /^Port/ }).fill(String(smtp.port + 1));
    await guide().getByLabel(/^Security/).click();
    await page.getByRole('option', { name: /None/ }).click();
    await guide().getByRole('textbox', { name: /^From address/ }).fill('no-reply@acme.test');
    await sendTest('me@example.com');
    const failure = guide().getByRole('alert').filter({ hasText: 'The test message was not sent' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain('connector.general');
    expect(await failure.textContent()).toMatch(/ECONNREFUSED.*465 usually means TLS, 587 STARTTLS/);
    expect(smtp.received).toHaveLength(0);

    await guide().getByRole('textbox', { name: /^Port/ }).fill(String(smtp.port));
    await sendTest('me@example.com');
    await guide().getByRole('status').getByText('A test message was sent to me@example.com.').waitFor();
    expect(smtp.received.map(({ mail }) => mail.text)).toEqual([expect.stringContaining('000000')]);

    await guide().getByRole('button', { name: 'Save and done' }).click();
    await page.getByRole('heading', { level: 1, name: 'SMTP' }).waitFor();
    await goTo(page, server.url, `/console/${tenantId}/connectors/passwordless`);
    const table = page.getByRole('table', { name: 'Passwordless connectors' });
    await table.getByRole('link', { name: /SMTP/ }).waitFor();
    expect(await table.getByText('Dev mailbox').count()).toBe(0);
  });

  test('C 1. Social: from the empty state, the demo connector is added with its profile synced at each sign-in', async () => {
    await goTo(page, server.url, `/console/${tenantId}/connectors/social`);
    await page.getByText(/No social connectors yet/).waitFor();
    await page.getByRole('link', { name: 'Add social connector' }).click();
    const picker = page.getByRole('dialog', { name: 'Add social connector' });
    await picker.getByRole('radio', { name: /Demo social/ }).click();
    await picker.getByRole('button', { name: 'Next' }).click();
    await guide().getByRole('radio', { name: 'At each sign-in' }).check();
    await guide().getByRole('button', { name: 'Save and done' }).click();
    await page.waitForURL((url) => new RegExp(`/console/${tenantId}/connectors/social/[\\w-]+$`).test(url.pathname));
    await reload(page);
    expect(await page.getByRole('radio', { name: 'At each sign-in' }).isChecked()).toBe(true);
    await goTo(page, server.url, `/console/${tenantId}/connectors/social`);
    // The demo connector is not offered again once added.
    await page.getByRole('link', { name: 'Add social connector' }).click();
    await picker.getByRole('radio', { name: /OpenID Connect/ }).waitFor();
    expect(await picker.getByRole('radio', { name: /Demo social/ }).count()).toBe(0);
    await picker.getByRole('button', { name: 'Cancel' }).click();
  });

  test('D 2, 4, 5. A standard OIDC connector "Tenant B": its callback URI before saving is the saved one\'s; a second one with its target is refused, naming it', async () => {
    const issuer = `${server.url}/t/${tenantId}/oidc`;
    const addOidc = async (name: string) => {
      await goTo(page, server.url, `/console/${tenantId}/connectors/social/create/Social`);
      const picker = page.getByRole('dialog', { name: 'Add social connector' });
      await picker.getByRole('radio', { name: /OpenID Connect/ }).click();
      await picker.getByRole('button', { name: 'Next' }).click();
      await guide().getByRole('textbox', { name: /^Name/ }).fill(name);
      await guide().getByRole('textbox', { name: /^Target/ }).fill('tenant-b');
      await guide().getByRole('textbox', { name: /^Issuer/ }).fill(issuer);
      await guide().getByRole('textbox', { name: /^Client ID/ }).fill('tenant-b-app');
      await guide().getByLabel(/^Client secret/).fill('tenant-b-secret');
      return (await guide().getByText(new RegExp(`^${server.url}/t/${tenantId}/callback/`)).textContent()) ?? '';
    };
    const callbackUri = await addOidc('Tenant B');
    await guide().getByRole('textbox', { name: /^Scope/ }).fill('openid profile email');
    await guide().getByRole('button', { name: 'Save and done' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tenant B' }).waitFor();
    await page.getByText(callbackUri, { exact: true }).waitFor();
    // The secret is kept by the server, never shown again.
    expect(await page.getByLabel(/^Client secret/).inputValue()).toBe('');

    await addOidc('Tenant B again');
    await guide().getByRole('button', { name: 'Save and done' }).click();
    await guide().getByText('The connector Tenant B already uses this target.').waitFor();
  });
});
