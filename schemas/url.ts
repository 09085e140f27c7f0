/**
 * A host as the URL parser writes it (lower case, an international name in punycode) that is a host name: labels of
 * letters, digits and inner hyphens; or an IPv4 address; or an IPv6 address in brackets. The parser lets other
 * characters through (`https://x;sandbox/`), which would break out of a header that names the origin (a page's CSP).
 */
const hostNamePattern = /^(?:[a-z\d](?:-*[a-z\d])*(?:\.[a-z\d](?:-*[a-z\d])*)*|\[[\da-f:.]+\])$/;

/** `value` as a parsed http(s) URL whose host is a host name, or undefined. */
export const parseWebUrl = (value: string) => {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') && hostNamePattern.test(url.hostname) ? url : undefined;
};

/** An http(s) URL on a host name: what a page may link to, load an image from or send a form to. */
export const isWebUrl = (value: string) => parseWebUrl(value) !== undefined;

/** The origins of the http(s) URLs among `values`, re-serialized by the URL parser: the only form a header may carry. */
export const webOrigins = (...values: unknown[]) =>
  values.flatMap((value) => {
    const url = typeof value === 'string' ? parseWebUrl(value) : undefined;
    return url ? [url.origin] : [];
  });
