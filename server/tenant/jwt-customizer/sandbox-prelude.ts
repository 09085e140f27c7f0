/** The globals a custom JWT script gets beyond QuickJS's own (customize-jwt.md §6). */
const names = ['DOMException', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortSignal', 'AbortController', 'Headers', 'Response', 'fetch', 'atob', 'btoa'];

/**
 * Run in every fresh context: takes the host functions (`__gatehouseHost`, sandbox-globals.ts) out of reach and defines
 * each global as a getter that loads them all (`host('load')`, the prelude below) on first use, so a script that uses
 * none of them pays only for this.
 */
export const sandboxBootstrap = `(() => {
  const host = globalThis.__gatehouseHost;
  delete globalThis.__gatehouseHost;
  let globals;
  const define = (name, value) => Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  for (const name of ${JSON.stringify(names)}) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      enumerable: false,
      get() { globals ??= host('load')(host); define(name, globals[name]); return globals[name]; },
      set(value) { define(name, value); },
    });
  }
})()`;

/**
 * The globals, written in the sandbox over the host functions: URL and URLSearchParams parsed by the host's WHATWG URL,
 * TextEncoder/TextDecoder (bytes as arrays: typed arrays are off), atob/btoa, DOMException, AbortController/AbortSignal
 * (with `AbortSignal.timeout`, which the host enforces on the request), Headers, Response and `fetch`. It hands the
 * host (`host('ready')`) the function that settles a request.
 */
export const sandboxPrelude = `(host) => {
  const text = (value) => String(value);

  class DOMException extends Error {
    constructor(message = '', name = 'Error') { super(message); this.name = name; }
  }

  let reparse;
  class URLSearchParams {
    #list = []; #url;
    static { reparse = (params, query) => params.#parse(query); }
    constructor(init = '', url) {
      this.#url = url;
      if (typeof init === 'object' && init !== null) {
        const pairs = typeof init[Symbol.iterator] === 'function' ? [...init] : Object.entries(init);
        for (const [name, value] of pairs) this.#list.push([text(name), text(value)]);
      } else this.#parse(text(init));
    }
    #parse(query) {
      this.#list = [];
      const decode = (part) => decodeURIComponent(part.replace(/\\+/g, ' '));
      for (const piece of query.replace(/^\\?/, '').split('&')) {
        if (!piece) continue;
        const at = piece.indexOf('=');
        this.#list.push(at < 0 ? [decode(piece), ''] : [decode(piece.slice(0, at)), decode(piece.slice(at + 1))]);
      }
    }
    #changed() { if (this.#url) this.#url.search = this.toString(); }
    get size() { return this.#list.length; }
    append(name, value) { this.#list.push([text(name), text(value)]); this.#changed(); }
    delete(name) { this.#list = this.#list.filter(([key]) => key !== text(name)); this.#changed(); }
    get(name) { const found = this.#list.find(([key]) => key === text(name)); return found ? found[1] : null; }
    getAll(name) { return this.#list.filter(([key]) => key === text(name)).map(([, value]) => value); }
    has(name) { return this.#list.some(([key]) => key === text(name)); }
    set(name, value) {
      const at = this.#list.findIndex(([key]) => key === text(name));
      if (at < 0) this.#list.push([text(name), text(value)]);
      else this.#list = this.#list.filter(([key], i) => i === at || key !== text(name)).map((pair, i) => (i === at ? [pair[0], text(value)] : pair));
      this.#changed();
    }
    sort() { this.#list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); this.#changed(); }
    forEach(fn, self) { for (const [name, value] of this.#list) fn.call(self, value, name, this); }
    entries() { return this.#list.map((pair) => [...pair])[Symbol.iterator](); }
    keys() { return this.#list.map(([name]) => name)[Symbol.iterator](); }
    values() { return this.#list.map(([, value]) => value)[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    toString() { return host('formEncode', JSON.stringify(this.#list)); }
  }

  const urlParts = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
  class URL {
    #parts; #params;
    constructor(url, base) { this.#parts = JSON.parse(host('url', text(url), base === undefined ? undefined : text(base))); }
    static canParse(url, base) { try { new URL(url, base); return true; } catch { return false; } }
    get origin() { return this.#parts.origin; }
    get searchParams() { return (this.#params ??= new URLSearchParams(this.#parts.search, this)); }
    toString() { return this.#parts.href; }
    toJSON() { return this.#parts.href; }
    static { for (const part of urlParts) {
      Object.defineProperty(URL.prototype, part, {
        get() { return this.#parts[part]; },
        set(value) {
          this.#parts = JSON.parse(host('urlSet', this.#parts.href, part, text(value)));
          if (this.#params && part !== 'hash') reparse(this.#params, this.#parts.search);
        },
      });
    } }
  }

  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(input = '') { return JSON.parse(host('encode', text(input))); }
  }
  class TextDecoder {
    #fatal;
    constructor(label = 'utf-8', options = {}) {
      if (!/^\\s*(utf-?8|unicode-1-1-utf-8)\\s*$/i.test(text(label))) throw new RangeError('The encoding "' + label + '" is not supported.');
      this.#fatal = Boolean(options.fatal);
    }
    get encoding() { return 'utf-8'; }
    get fatal() { return this.#fatal; }
    decode(bytes = []) { return host('decode', JSON.stringify(Array.from(bytes, (byte) => Number(byte) & 255)), this.#fatal); }
  }

  class AbortSignal {
    #listeners = []; aborted = false; reason = undefined; onabort = null; _deadline;
    static abort(reason) { const signal = new AbortSignal(); signal._abort(reason ?? new DOMException('signal is aborted without reason', 'AbortError')); return signal; }
    static timeout(ms) { const signal = new AbortSignal(); signal._deadline = Date.now() + Math.max(0, Number(ms) || 0); return signal; }
    _timedOut() { if (!this.aborted && this._deadline !== undefined && Date.now() >= this._deadline) this._abort(new DOMException('signal timed out', 'TimeoutError')); return this.aborted; }
    _abort(reason) {
      if (this.aborted) return;
      this.aborted = true; this.reason = reason;
      const event = { type: 'abort', target: this };
      if (typeof this.onabort === 'function') this.onabort(event);
      for (const listener of this.#listeners.splice(0)) listener(event);
    }
    addEventListener(type, listener) { if (type === 'abort' && typeof listener === 'function') this.#listeners.push(listener); }
    removeEventListener(type, listener) { this.#listeners = this.#listeners.filter((entry) => entry !== listener); }
    throwIfAborted() { if (this._timedOut()) throw this.reason; }
  }
  class AbortController {
    signal = new AbortSignal();
    abort(reason) { this.signal._abort(reason ?? new DOMException('signal is aborted without reason', 'AbortError')); }
  }

  class Headers {
    #map = new Map();
    constructor(init = {}) {
      const pairs = init instanceof Headers ? [...init] : typeof init[Symbol.iterator] === 'function' ? [...init] : Object.entries(init);
      for (const [name, value] of pairs) this.append(name, value);
    }
    append(name, value) { const key = text(name).toLowerCase(); const had = this.#map.get(key); this.#map.set(key, had === undefined ? text(value) : had + ', ' + text(value)); }
    set(name, value) { this.#map.set(text(name).toLowerCase(), text(value)); }
    get(name) { return this.#map.get(text(name).toLowerCase()) ?? null; }
    has(name) { return this.#map.has(text(name).toLowerCase()); }
    delete(name) { this.#map.delete(text(name).toLowerCase()); }
    forEach(fn, self) { for (const [name, value] of this) fn.call(self, value, name, this); }
    entries() { return [...this.#map].sort(([a], [b]) => (a < b ? -1 : 1))[Symbol.iterator](); }
    keys() { return [...this.entries()].map(([name]) => name)[Symbol.iterator](); }
    values() { return [...this.entries()].map(([, value]) => value)[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
  }

  class Response {
    #body; #used = false;
    constructor(answer) {
      this.#body = answer.body; this.status = answer.status; this.statusText = answer.statusText; this.url = answer.url;
      this.ok = answer.status >= 200 && answer.status < 300; this.headers = new Headers(answer.headers); this.redirected = false; this.type = 'basic';
    }
    get bodyUsed() { return this.#used; }
    async text() { if (this.#used) throw new TypeError('Body is unusable: Body has already been read'); this.#used = true; return this.#body; }
    async json() { return JSON.parse(await this.text()); }
  }

  const pending = new Map();
  let nextId = 1;
  const fetch = (input, init = {}) => new Promise((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal && signal._timedOut()) return reject(signal.reason);
    const id = nextId++;
    const timeoutMs = signal && signal._deadline !== undefined ? Math.max(0, signal._deadline - Date.now()) : undefined;
    const body = init.body === undefined || init.body === null ? undefined : text(init.body);
    const headers = [...new Headers(init.headers ?? {})];
    const request = { url: input instanceof URL ? input.href : text(input), method: text(init.method ?? 'GET'), headers, body, timeoutMs };
    const onAbort = () => { pending.delete(id); host('abort', id); reject(signal.reason); };
    pending.set(id, { signal, onAbort, resolve: (answer) => resolve(new Response(answer)), reject: (failure) => {
      if (failure.name === 'TimeoutError' && signal && signal._timedOut()) return reject(signal.reason);
      reject(failure.name === 'TypeError' ? new TypeError(failure.message) : new DOMException(failure.message, failure.name));
    } });
    if (signal) signal.addEventListener('abort', onAbort);
    host('fetch', id, JSON.stringify(request));
  });

  host('ready', (id, ok, json) => {
    const request = pending.get(id);
    if (!request) return;
    pending.delete(id);
    if (request.signal) request.signal.removeEventListener('abort', request.onAbort);
    (ok ? request.resolve : request.reject)(JSON.parse(json));
  });
  const atob = (data) => host('atob', text(data));
  const btoa = (data) => host('btoa', text(data));
  return { DOMException, URL, URLSearchParams, TextEncoder, TextDecoder, AbortSignal, AbortController, Headers, Response, fetch, atob, btoa };
}`;
