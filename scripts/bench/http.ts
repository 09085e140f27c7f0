/**
 * The bench's HTTP client: node:http on kept-alive sockets, the lightest client Node has, so that a latency figure is
 * the server's and the loopback's, not a client library's. It asks for compression as a browser does and times the
 * request until the last byte of the answer; decoding and checking the body come after the clock stops.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const requestTimeoutMs = 60_000;

export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request on a kept-alive socket of `agent`; resolves once the whole (still encoded) body has arrived. */
const send = (agent: Agent, url: URL, method: 'GET' | 'POST', headers: Record<string, string>, body?: string) =>
  new Promise<Answer>((resolve, reject) => {
    const outgoing = request(url, { agent, method, headers, timeout: requestTimeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });

export const get = (agent: Agent, url: URL, headers: Record<string, string>) => send(agent, url, 'GET', headers);

export const post = (agent: Agent, url: URL, headers: Record<string, string>, body: string) =>
  send(agent, url, 'POST', { 'content-length': String(Buffer.byteLength(body)), ...headers }, body);

/** The answer's body as JSON, decoded as its Content-Encoding says. */
export const jsonOf = ({ headers, body }: Answer): unknown => {
  const encoding = headers['content-encoding'];
  const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return JSON.parse(decoded.toString('utf8'));
};

export type Timing = { p50: number; p95: number };

const at = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;

/**
 * Times `samples` GETs of `url`, one at a time, after `warmUp`. `check` refuses a wrong answer (a message), so a fast
 * error is never a figure.
 */
export const timeGets = async (
  url: string,
  headers: Record<string, string>,
  check: (answer: Answer, body: unknown) => string | undefined,
  { samples = 200, warmUp = 10 } = {},
): Promise<Timing> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const times: number[] = [];
  try {
    for (let run = 0; run < warmUp + samples; run += 1) {
      const started = performance.now();
      const answer = await get(agent, target, { 'accept-encoding': 'br, gzip', ...headers });
      const elapsed = performance.now() - started;
      const wrong = answer.status === 200 ? check(answer, jsonOf(answer)) : `answered ${answer.status}`;
      if (wrong) throw new Error(`GET ${url}: ${wrong}`);
      if (run >= warmUp) times.push(elapsed);
    }
  } finally {
    agent.destroy();
  }
  return { p50: at(times, 50), p95: at(times, 95) };
};

