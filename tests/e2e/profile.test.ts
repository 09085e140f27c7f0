import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { fillSignUp, goTo, newPersonDetails, reload } from '../support/e2e-steps.ts';

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

  test('cloud: change the name, and the avatar by uploading a PNG', async () => {
    const { page, context } = await newPerson(browser);
    const person = newPersonDetails('grace');
    await goTo(page, cloud.url, '/console/profile');
    await fillSignUp(page, person);
    await page.getByRole('heading', { name: 'Profile', exact: true, level: 1 }).waitFor();

    await editField(page, 'Name', 'Grace Hopper');
    await page.getByRole('button', { name: 'Grace Hopper' }).waitFor(); // the user menu follows

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
