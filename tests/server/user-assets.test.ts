import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { userAssetGuard, userAssetMaxFileSize, userAssetsServiceStatusGuard } from '#schemas/profile.ts';
import { maxUploadsPerHour } from '#server/assets/user-assets.ts';
import { userAssets } from '#server/db/schema.ts';
import { bearer, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;
let user: TestUser;
let meToken: string;

beforeAll(async () => {
  server = await startTestServer('cloud');
  user = await signUpUser(server, 'assets');
  meToken = await user.session.accessToken(resourceIndicators.me);
});
afterAll(() => server?.close());

/** A 1×1 transparent PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
/** An ICO header with one 1×1 entry pointing at a PNG. */
const ico = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0]),
  Buffer.from([png.length, 0, 0, 0, 22, 0, 0, 0]),
  png,
]);
const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>');
const svgNamespaces = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
/** Gradients, internal references, a class style and an embedded bitmap: what logos use, none of it fetching anything. */
const richSvg = Buffer.from(
  `<svg ${svgNamespaces}><style>.a{fill:#222}</style><defs><linearGradient id="g"/></defs>` +
    `<rect class="a" fill="url(#g)"/><use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/></svg>`,
);
const unsafeSvg = (inner: string) => Buffer.from(`<svg ${svgNamespaces}>${inner}</svg>`);

const upload = (files: { name: string; bytes: Buffer; type?: string; field?: string }[], token = meToken) => {
  const form = new FormData();
  for (const { name, bytes, type, field } of files) form.append(field ?? 'file', new File([new Uint8Array(bytes)], name, { type: type ?? 'image/png' }));
  return fetch(`${server.url}/me/user-assets`, bearer(token, { method: 'POST', body: form }));
};

const assetRows = async () => (await server.db.select({ value: count() }).from(userAssets))[0]!.value;

describe('POST /me/user-assets', () => {
  const images: [string, Buffer, string, string][] = [
    ['a PNG', png, 'avatar.png', 'image/png'],
    ['a JPEG', jpeg, 'avatar.jpg', 'image/jpeg'],
    ['an ICO', ico, 'favicon.ico', 'image/x-icon'],
    ['an SVG', svg, 'logo.svg', 'image/svg+xml'],
    ['an SVG with gradients, internal links and an embedded bitmap', richSvg, 'logo.svg', 'image/svg+xml'],
    ['a PNG named .txt with a text type', png, 'notes.txt', 'image/png'],
  ];
  test.each(images)('stores %s and serves it back with the type of its bytes', async (_case, bytes, name, servedType) => {
    const response = await upload([{ name, bytes, type: name.endsWith('.txt') ? 'text/plain' : undefined }]);
    expect(response.status).toBe(201);
    const { url } = userAssetGuard.parse(await response.json());
    expect(url).toMatch(new RegExp(`^${server.url}/user-assets/[a-z0-9]{21}$`));

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(servedType);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('content-disposition')).toBe(servedType === 'image/svg+xml' ? `attachment; filename="${url.split('/').pop()}.svg"` : null);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
  });

  test('a file of exactly 500 KB is accepted', async () => {
    const bytes = Buffer.concat([png, Buffer.alloc(userAssetMaxFileSize - png.length)]);
    expect((await upload([{ name: 'big.png', bytes }])).status).toBe(201);
  });

  const oversized: [string, number][] = [
    ['one byte over 500 KB', userAssetMaxFileSize + 1],
    ['far over 500 KB', 3 * userAssetMaxFileSize],
  ];
  test.each(oversized)('a file %s is a 413 and stores nothing', async (_case, size) => {
    const before = await assetRows();
    const bytes = Buffer.concat([png, Buffer.alloc(size - png.length)]);
    const body = await expectError(await upload([{ name: 'big.png', bytes }]), 413, 'guard.file_size_exceeded');
    expect(body.details).toEqual({ maxUploadFileSize: userAssetMaxFileSize });
    expect(await assetRows()).toBe(before);
  });

  const disguised: [string, Buffer, string][] = [
    ['text named .png', Buffer.from('just some text, not an image'), 'avatar.png'],
    ['HTML named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'avatar.png'],
    ['an empty file', Buffer.alloc(0), 'empty.png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'anim.gif'],
    ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
    ['an SVG with an event handler', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.svg'],
    ['an SVG with foreign HTML', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>'), 'logo.svg'],
    ['an SVG with an entity', Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg'],
    ['an SVG using an external file', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/x.svg#a"/></svg>'), 'logo.svg'],
    ['an SVG with an encoded javascript: link', unsafeSvg('<a xlink:href="&#106;avascript:alert(1)"><rect/></a>'), 'logo.svg'],
    ['an SVG with a hex-encoded, tab-split javascript: link', unsafeSvg('<a href="&#x6A;ava&Tab;script&colon;alert(1)"><rect/></a>'), 'logo.svg'],
    ['an SVG with an external image', unsafeSvg('<image href="http://evil.example/x.png"/>'), 'logo.svg'],
    ['an SVG with an unquoted external image', unsafeSvg('<image href=http://evil.example/x.png />'), 'logo.svg'],
    ['an SVG whose style imports a sheet', unsafeSvg('<style>@import url(http://evil.example/x.css);</style>'), 'logo.svg'],
    ['an SVG whose style hides @import behind an escape', unsafeSvg("<style>@\\69mport 'x.css';</style>"), 'logo.svg'],
    ['an SVG filled from an external file', unsafeSvg('<rect fill="url(http://evil.example/p.svg#a)"/>'), 'logo.svg'],
  ];
  test.each(disguised)('%s is a 400 whatever its name and declared type, and stores nothing', async (_case, bytes, name) => {
    const before = await assetRows();
    const body = await expectError(await upload([{ name, bytes, type: 'image/png' }]), 400, 'guard.mime_type_not_allowed');
    expect(body.details).toEqual({ allowUploadMimeTypes: ['image/svg+xml', 'image/png', 'image/jpeg', 'image/vnd.microsoft.icon', 'image/x-icon'] });
    expect(await assetRows()).toBe(before);
  });

  test('two files are a 400', async () => {
    const before = await assetRows();
    const response = await upload([{ name: 'a.png', bytes: png }, { name: 'b.png', bytes: png }]);
    const body = await expectError(response, 400, 'guard.invalid_file_count');
    expect(body.details).toEqual({ fileCount: 2 });
    expect(await assetRows()).toBe(before);
  });

  test('a file in another field, or a form without a file, is a 400', async () => {
    await expectError(await upload([{ name: 'a.png', bytes: png, field: 'image' }]), 400, 'guard.invalid_file_count');
    const form = new FormData();
    form.append('file', 'not a file');
    const response = await fetch(`${server.url}/me/user-assets`, bearer(meToken, { method: 'POST', body: form }));
    await expectError(response, 400, 'guard.invalid_file_count');
  });

  test('a body that is not multipart is a 400', async () => {
    const response = await fetch(
      `${server.url}/me/user-assets`,
      bearer(meToken, { method: 'POST', headers: { 'content-type': 'image/png' }, body: png }),
    );
    await expectError(response, 400, 'guard.invalid_content_type');
  });

  test('needs a Me-API token', async () => {
    await expectError(await upload([{ name: 'a.png', bytes: png }], ''), 401, 'auth.authorization_header_missing');
    await expectError(await upload([{ name: 'a.png', bytes: png }], await user.cloudToken()), 401, 'auth.unauthorized');
  });

  test(`at most ${maxUploadsPerHour} uploads per hour per user`, async () => {
    const uploader = await signUpUser(server, 'uploader');
    const token = await uploader.session.accessToken(resourceIndicators.me);
    await server.db.insert(userAssets).values(
      Array.from({ length: maxUploadsPerHour }, (_, index) => ({
        id: `seeded${String(index).padStart(15, '0')}`,
        userId: uploader.id,
        contentType: 'image/png',
        size: png.length,
        data: png,
      })),
    );
    await expectError(await upload([{ name: 'a.png', bytes: png }], token), 429, 'user_assets.too_many_uploads');
    await server.db.update(userAssets).set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) }).where(eq(userAssets.userId, uploader.id));
    expect((await upload([{ name: 'a.png', bytes: png }], token)).status).toBe(201);
  });
});

describe('GET /me/user-assets/service-status', () => {
  test('is ready, with the 500 KB limit and the allowed types', async () => {
    const response = await fetch(`${server.url}/me/user-assets/service-status`, bearer(meToken));
    expect(response.status).toBe(200);
    expect(userAssetsServiceStatusGuard.parse(await response.json())).toEqual({
      status: 'ready',
      maxUploadFileSize: 500 * 1024,
      allowUploadMimeTypes: ['image/svg+xml', 'image/png', 'image/jpeg', 'image/vnd.microsoft.icon', 'image/x-icon'],
    });
  });

  test('needs a Me-API token', async () => {
    await expectError(await fetch(`${server.url}/me/user-assets/service-status`), 401, 'auth.authorization_header_missing');
  });
});

describe('GET /user-assets/{id}', () => {
  test('an unknown id is a 404', async () => {
    expect((await fetch(`${server.url}/user-assets/${'x'.repeat(21)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/user-assets/..%2Fetc`)).status).toBe(404);
  });
});
