/** A request the server answered with an error status (its parsed body in `data`), or that failed on the way (no status). */
export class HttpError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;
  readonly response: Response | undefined;

  constructor(message: string, { status, data, response, cause }: { status?: number; data?: unknown; response?: Response; cause?: unknown }) {
    super(message, { cause });
    this.name = 'HttpError';
    this.status = status;
    this.data = data;
    this.response = response;
  }
}

export type HttpRequest = {
  method: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** ms before the request is given up. */
  timeout: number;
};

/** The body as the server sent it: JSON parsed, text as text, nothing for an empty answer. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One request with the browser's fetch: the query in the URL, a plain object or array sent as JSON (FormData and text
 * as they are), a timeout beside the caller's signal, and an HttpError for a failure. The console's needs of a request
 * library, at a fraction of its size on the first screen.
 */
export async function http<T>(url: string, { method, headers, query, body, signal, timeout }: HttpRequest): Promise<{ data: T; headers: Headers }> {
  const target = new URL(url, globalThis.location?.href);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) target.searchParams.append(key, String(value));
  const json = body !== undefined && body !== null && (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype);
  const signals = [AbortSignal.timeout(timeout), ...(signal ? [signal] : [])];
  let response: Response;
  try {
    response = await fetch(target, {
      method,
      headers: json ? { accept: 'application/json', 'content-type': 'application/json', ...headers } : headers,
      body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    throw new HttpError(`[${method}] ${target.href}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) throw new HttpError(`[${method}] ${target.href}: ${response.status} ${response.statusText}`, { status: response.status, data, response });
  return { data: data as T, headers: response.headers };
}
