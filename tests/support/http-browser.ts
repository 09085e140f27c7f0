/** A browser-like walk through redirects that keeps cookies, for the tests that drive the sign-in pages over fetch. */

export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /max-age=0\b|expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A browser-like walk through redirects that keeps cookies. */
export class Browser {
  readonly jar = new CookieJar();
  readonly baseUrl: string;
  readonly acceptLanguage?: string;

  constructor(baseUrl: string, acceptLanguage?: string) {
    this.baseUrl = baseUrl;
    this.acceptLanguage = acceptLanguage;
  }

  async request(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    if (this.acceptLanguage) headers.set('accept-language', this.acceptLanguage);
    const response = await fetch(new URL(url, this.baseUrl), { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects until a page answers or the browser is sent to `stopAt`; returns the last response and URL. */
  async follow(response: Response, from: string, stopAt: string) {
    let current = response;
    let url = from;
    while (current.status >= 300 && current.status < 400) {
      url = new URL(current.headers.get('location')!, url).href;
      await current.body?.cancel();
      if (url.startsWith(stopAt)) return { response: current, url };
      current = await this.request(url);
    }
    return { response: current, url };
  }

  postForm(url: string, fields: Record<string, string>) {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}
