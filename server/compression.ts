import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

/** In order of preference when the client accepts both equally. */
export const encodings: readonly Encoding[] = ['br', 'gzip'];

/** The suffix of a file's precompressed variant (`app.js.br`). */
export const encodingSuffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Text formats of the console's build; images and fonts are compressed already. */
export const compressibleExtensions: readonly string[] = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt'];

const acceptedWeights = (header: string) => {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  return weights;
};

/**
 * The encoding of `available` that Accept-Encoding weighs highest (br before gzip on a tie); undefined for identity.
 * q=0 refuses an encoding, and `*` stands for the encodings the header does not name.
 */
export const negotiateEncoding = (header: string | undefined, available: readonly Encoding[]): Encoding | undefined => {
  if (!header) return undefined;
  const weights = acceptedWeights(header);
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of encodings) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (available.includes(encoding) && weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
};

/** Appends Accept-Encoding to Vary: caches must keep the compressed and identity answers apart. */
export const varyOnEncoding = (headers: Headers) => {
  const vary = headers.get('Vary');
  if (vary === '*' || vary?.toLowerCase().split(/\s*,\s*/).includes('accept-encoding')) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const brotliOptions = (body: Buffer, effort: 'fast' | 'smallest') => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'fast' ? 5 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});
const gzipOptions = (effort: 'fast' | 'smallest') => ({ level: effort === 'fast' ? 6 : 9 });

/** `smallest` for the build, once per file; `fast` per answer (brotli 5, gzip 6: a few ms for 100 kB of JSON). */
export const compress = (encoding: Encoding, body: Buffer, effort: 'fast' | 'smallest') =>
  encoding === 'br' ? brotli(body, brotliOptions(body, effort)) : gzipped(body, gzipOptions(effort));

/** Answers up to this size are compressed on the event loop: a tenth of a millisecond, less than a trip to the thread pool. */
const inlineCompressionLimit = 16 * 1024;

const compressAnswer = async (encoding: Encoding, body: Buffer) => {
  if (body.length > inlineCompressionLimit) return compress(encoding, body, 'fast');
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body, 'fast')) : gzipSync(body, gzipOptions('fast'));
};

export const answerCompressionThreshold = 1024;
const compressedAnswerTypes = /^(application\/([\w.-]+\+)?json|text\/html)\b/i;

/**
 * Compresses JSON answers and server pages of at least `answerCompressionThreshold` bytes. Their bodies are whole
 * strings in memory already, so reading them here costs no extra streaming; files and streams pass through.
 */
export const compressAnswers = (): MiddlewareHandler => async (c, next) => {
  await next();
  const { res } = c;
  const length = res.headers.get('Content-Length');
  if (
    c.req.method === 'HEAD' || !res.body || res.status === 206 || res.headers.has('Content-Encoding')
    || !compressedAnswerTypes.test(res.headers.get('Content-Type') ?? '')
    || (length !== null && Number(length) < answerCompressionThreshold)
  ) return;
  varyOnEncoding(res.headers);
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), encodings);
  if (!encoding) return;
  const body = Buffer.from(await res.arrayBuffer());
  const compressed = body.length >= answerCompressionThreshold ? await compressAnswer(encoding, body) : undefined;
  const headers = new Headers(res.headers);
  headers.set('Content-Length', String((compressed ?? body).length));
  if (compressed) headers.set('Content-Encoding', encoding);
  // A new response from a buffer and plain init: the node adapter then writes the buffer at once, not through a stream.
  c.res = new Response(compressed ?? body, { status: res.status, statusText: res.statusText, headers });
};
