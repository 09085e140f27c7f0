import { and, count, eq, gt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  userAssetGuard,
  userAssetMaxFileSize,
  userAssetMimeTypes,
  userAssetsServiceStatusGuard,
  type UserAssetsServiceStatus,
} from '#schemas/profile.ts';
import { limitReached, takeWithinLimit } from '../accounts/rate-limit.ts';
import { HttpError } from '../api/errors.ts';
import { fileTooLarge } from '../api/body-limits.ts';
import { meAccess } from '../api/me-access.ts';
import { routerOf } from '../api/route.ts';
import type { AuthEnv } from '../api/auth.ts';
import type { Db } from '../db/client.ts';
import { userAssets } from '../db/schema.ts';
import { generateId } from '../ids.ts';
import { sniffImageType } from './sniff.ts';

export const userAssetsPath = '/user-assets';
export const maxUploadsPerHour = 30;
const hourMs = 60 * 60 * 1000;

const typeNotAllowed = (message: string) =>
  new HttpError('guard.mime_type_not_allowed', message, { allowUploadMimeTypes: userAssetMimeTypes });

export const serviceStatus: UserAssetsServiceStatus = {
  status: 'ready',
  maxUploadFileSize: userAssetMaxFileSize,
  allowUploadMimeTypes: [...userAssetMimeTypes],
};

/** The one file of a multipart form, under the field `file`. */
const readSingleFile = async (c: Context<AuthEnv>) => {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    throw new HttpError('guard.invalid_content_type', 'Upload the file as multipart/form-data with the field "file".');
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError('guard.invalid_form_data', 'The form data could not be read.');
  }
  const files = Object.entries(form).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).filter((item) => item instanceof File).map((file) => ({ name, file })),
  );
  if (files.length !== 1 || files[0]!.name !== 'file') {
    throw new HttpError('guard.invalid_file_count', 'Upload exactly one file, in the field "file".', { fileCount: files.length });
  }
  return files[0]!.file;
};

/** POST me/user-assets and GET me/user-assets/service-status, behind the Me API's token guard. */
export const meUserAssetRoutes = (db: Db, publicUrl: string) => {
  const app = new Hono<AuthEnv>();
  const routes = routerOf(app, meAccess);

  routes.get('/service-status', {
    scope: 'all',
    summary: 'The accepted image types and size.',
    response: userAssetsServiceStatusGuard,
  }, (c) => c.json(serviceStatus));

  routes.post('/', {
    scope: 'all',
    summary: 'Upload an image (SVG, PNG, JPEG or ICO); answers its public URL.',
    file: true,
    response: userAssetGuard,
    status: 201,
    errors: [
      'guard.invalid_content_type',
      'guard.invalid_form_data',
      'guard.invalid_file_count',
      'guard.mime_type_not_allowed',
      'guard.file_size_exceeded',
      'user_assets.too_many_uploads',
    ],
  }, async (c) => {
    const { userId } = c.get('auth');
    const file = await readSingleFile(c);
    if (file.size > userAssetMaxFileSize) throw fileTooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffImageType(bytes);
    if (!sniffed.ok) {
      throw typeNotAllowed(
        sniffed.reason === 'unsafe_svg'
          ? 'The SVG file contains scripts or external content, which are not allowed.'
          : 'The file is not an SVG, PNG, JPEG or ICO image.',
      );
    }
    const id = generateId();
    const stored = await takeWithinLimit(
      db,
      { key: `user-assets:${userId}`, max: maxUploadsPerHour, windowMs: hourMs },
      (tx, since) => tx.select({ value: count() }).from(userAssets).where(and(eq(userAssets.userId, userId), gt(userAssets.createdAt, since))),
      (tx) => tx.insert(userAssets).values({ id, userId, contentType: sniffed.type, size: bytes.byteLength, data: Buffer.from(bytes) }),
    );
    if (stored === limitReached) {
      throw new HttpError('user_assets.too_many_uploads', `At most ${maxUploadsPerHour} files can be uploaded per hour.`);
    }
    return c.json({ url: `${publicUrl}${userAssetsPath}/${id}` }, 201);
  });

  return app;
};

/** Served images never run script: a sandboxing CSP, no sniffing, and SVG as a download when opened on its own. */
const assetHeaders = (contentType: string, id: string, size: number): Record<string, string> => ({
  'Content-Type': contentType,
  'Content-Length': String(size),
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  ...(contentType === 'image/svg+xml' ? { 'Content-Disposition': `attachment; filename="${id}.svg"` } : {}),
});

/** GET /user-assets/{id}: public, as an <img> loads it. */
export const userAssetRoutes = (db: Db) => {
  const app = new Hono();
  app.get('/:id{[a-z0-9]{21}}', async (c) => {
    const id = c.req.param('id');
    const [asset] = await db.select().from(userAssets).where(eq(userAssets.id, id)).limit(1);
    if (!asset) return c.text('Not found', 404);
    return c.body(new Uint8Array(asset.data), 200, assetHeaders(asset.contentType, id, asset.size));
  });
  return app;
};
