import type { Page } from 'playwright-core';
import { decodeProtectedHeader } from 'jose';
import { goTo } from './e2e-steps.ts';

/** Scenario steps of the signing keys page (signing-keys.md §6). */

export const goToSigningKeys = async (page: Page, baseUrl: string, tenantId: string, type: 'private-keys' | 'cookie-keys' = 'private-keys') => {
  await goTo(page, baseUrl, `/console/${tenantId}/signing-keys${type === 'cookie-keys' ? '?type=cookie-keys' : ''}`);
  // The table is busy (skeleton rows) until the list is read.
  await page.locator(`table[aria-label="${type === 'private-keys' ? 'Private keys' : 'Cookie keys'}"]:not([aria-busy])`).waitFor();
};

/** The table's rows as [key id, algorithm cell, status cell] (status text without the countdown). */
export const keyRows = async (page: Page) =>
  page
    .getByRole('table', { name: 'Private keys' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '');
        return { id: cells[0]!, algorithm: cells[1]!, status: cells[2]!.replace(/effective in.*$/, '').trim() };
      }),
    );

/** Rotates the private keys through the confirm dialog, with the algorithm (its option label) as chosen. */
export const rotatePrivateKeys = async (page: Page, algorithm?: 'EC' | 'RSA') => {
  await page.getByRole('button', { name: 'Rotate private keys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate private keys' });
  if (algorithm) await dialog.getByRole('combobox', { name: 'Algorithm' }).selectOption(algorithm);
  await dialog.getByRole('button', { name: 'Rotate' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Private keys rotated').waitFor();
};

/** Deletes a key through its row's delete button and the confirm dialog; answers the dialog's effect text. */
export const deleteKey = async (page: Page, id: string, dialogName = 'Delete private key') => {
  await page.getByRole('button', { name: `Delete key ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  const text = await dialog.innerText();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Delete key ${id}` }).waitFor({ state: 'detached' });
  return text;
};

export const kidOf = (token: string) => decodeProtectedHeader(token).kid;
