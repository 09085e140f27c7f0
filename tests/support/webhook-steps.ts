import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { goTo } from './e2e-steps.ts';

/** Scenario steps of the webhooks pages (webhooks.md §8) and the dev webhook inbox they send to. */

export type InboxRequest = { headers: Record<string, string>; body: string; status: number; createdAt: string };

/** A dev webhook inbox, from its URL with its token (as the create form fills it in). */
export const devInbox = (url: string) => {
  const { origin, pathname, search } = new URL(url);
  return {
    url,
    /** What the inbox kept, oldest first. */
    requests: async (): Promise<InboxRequest[]> => ((await (await fetch(url)).json()) as { requests: InboxRequest[] }).requests.toReversed(),
    answer: async (status: number) => {
      const response = await fetch(`${origin}${pathname}/status${search}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      if (!response.ok) throw new Error(`the inbox did not take status ${status}: ${response.status}`);
    },
  };
};
export type DevInbox = ReturnType<typeof devInbox>;

/** Polls the inbox until `count` requests are in it (the dispatcher polls each second), and answers them. */
export const waitForRequests = async (inbox: DevInbox, count: number, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const requests = await inbox.requests();
    if (requests.length >= count) return requests;
    if (Date.now() > deadline) throw new Error(`the inbox holds ${requests.length} requests, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** Whether the request's Standard Webhooks signature verifies with `signingKey` over the exact body it kept. */
export const verifies = (signingKey: string, request: InboxRequest) => {
  try {
    new Webhook(signingKey).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
};

export const eventOf = (request: InboxRequest) => (JSON.parse(request.body) as { event: string }).event;

/**
 * Creates a webhook through the list's create modal, to `url` or, without one, to the dev inbox the form offers; waits
 * for its settings page and answers its id and endpoint.
 */
export const createWebhook = async (page: Page, baseUrl: string, tenantId: string, hook: { name: string; url?: string; events: string[] }) => {
  await goTo(page, baseUrl, `/console/${tenantId}/webhooks`);
  await page.getByRole('link', { name: 'Create webhook' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create webhook' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(hook.name);
  const endpoint = dialog.getByRole('textbox', { name: 'Endpoint URL' });
  if (hook.url) await endpoint.fill(hook.url);
  else {
    await dialog.getByRole('button', { name: 'Use the dev webhook inbox' }).click();
    await page.waitForFunction((input) => (input as HTMLInputElement).value !== '', await endpoint.elementHandle());
  }
  const url = await endpoint.inputValue();
  for (const event of hook.events) await dialog.getByRole('checkbox', { name: event, exact: true }).check();
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  await page.waitForURL((location) => /\/webhooks\/[\w-]+\/settings$/.test(location.pathname));
  return { id: new URL(page.url()).pathname.split('/').at(-2)!, url };
};

/** The signing key the settings tab shows, once asked to show it. */
export const readSigningKey = async (page: Page) => {
  const show = page.getByRole('button', { name: 'Show signing key' });
  if (await show.isVisible()) await show.click();
  return (await page.getByTestId('signing-key').locator('.mantine-Text-root').first().innerText()).trim();
};

/** Chooses an item of the header's actions menu and, when it asks, confirms with `confirm`. */
export const chooseHookAction = async (page: Page, item: string, confirm?: string) => {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  if (confirm) await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
};

/** Creates a user by username through the users page; answers its id once its details open. */
export const createUser = async (page: Page, baseUrl: string, tenantId: string, username: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/users/create`);
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await page.getByRole('dialog', { name: 'User created' }).getByRole('button', { name: 'Check user details' }).click();
  await page.waitForURL((url) => /\/users\/[a-z0-9]+\/settings$/.test(url.pathname));
  return new URL(page.url()).pathname.split('/').at(-2)!;
};
