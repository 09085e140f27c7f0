import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

/** `smallest` for the build, once per file; `fast` per answer (brotli 5, gzip 6: a few ms for 100 kB of JSON). */
export const compress = (encoding: Encoding, body: Buffer, effort: 'fast' | 'smallest') =>
  encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'fast' ? 5 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipped(body, { level: effort === 'fast' ? 6 : 9 });

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
  const compressed = body.length >= answerCompressionThreshold ? await compress(encoding, body, 'fast') : undefined;
  c.res = new Response(compressed ?? body, res);
  c.res.headers.set('Content-Length', String((compressed ?? body).length));
  if (compressed) c.res.headers.set('Content-Encoding', encoding);
};
