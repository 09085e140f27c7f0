import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { userAssetMaxFileSize } from '#schemas/profile.ts';
import { HttpError, mediaTypeOf } from './errors.ts';

export const maxJsonBodyBytes = 64 * 1024;
/** The sign-in, sign-up, card and demo social forms: a few short fields each. */
export const maxFormBodyBytes = 16 * 1024;
/** One upload, plus room for the multipart boundaries and headers around it. */
export const maxMultipartBodyBytes = userAssetMaxFileSize + 16 * 1024;

export const fileTooLarge = () =>
  new HttpError('guard.file_size_exceeded', `The file must not be larger than ${userAssetMaxFileSize / 1024} KB.`, {
    maxUploadFileSize: userAssetMaxFileSize,
  });

const bodyTooLarge = (limit: number) => () =>
  new HttpError('guard.body_too_large', `The request body must not exceed ${limit} bytes.`, { maxBodySize: limit });

// Every body the parsers of Hono routes accept is one of these; anything else is held to the JSON limit.
const limits: Record<string, { maxSize: number; error: () => HttpError }> = {
  'multipart/form-data': { maxSize: maxMultipartBodyBytes, error: fileTooLarge },
  'application/x-www-form-urlencoded': { maxSize: maxFormBodyBytes, error: bodyTooLarge(maxFormBodyBytes) },
};
const otherLimit = { maxSize: maxJsonBodyBytes, error: bodyTooLarge(maxJsonBodyBytes) };

/** A body of unknown length, read up to maxSize; undefined as soon as it crosses the limit, where reading stops. */
const readUpTo = async (incoming: IncomingMessage, maxSize: number) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxSize) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/**
 * The size limit of a request body by its media type, enforced while it is read: a Content-Length over the limit is
 * refused before reading, a chunked body as soon as it crosses the limit, with 413. The rest of a refused body is never
 * kept: after the answer, @hono/node-server drops what still arrives (at most 64 MB or 500 ms, so the client can read
 * the 413 before the connection closes) and then closes the connection.
 */
export const limitBodySize: MiddlewareHandler<{ Bindings: HttpBindings }> = async (c, next) => {
  const length = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding') !== undefined;
  if (length === undefined && !chunked) return next();
  const { maxSize, error } = limits[mediaTypeOf(c)] ?? otherLimit;
  if (!chunked) {
    // Node's parser never delivers more than the Content-Length.
    if (Number(length) > maxSize) throw error();
    return next();
  }
  const body = await readUpTo(c.env.incoming, maxSize);
  if (!body) throw error();
  const headers = new Headers(c.req.raw.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(body.byteLength));
  c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, body });
  return next();
};
