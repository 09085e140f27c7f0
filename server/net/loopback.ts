/** True for a host name of this machine only: localhost, 127.0.0.0/8 or [::1] (as URL.hostname writes it). */
export const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/** A socket address of this machine: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/i.test(address));

const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * A client on this machine that no proxy speaks for: a reverse proxy on the same machine connects from loopback for
 * every client, so a request that names a forwarded client does not count.
 */
export const isLoopbackClient = (remoteAddress: string | undefined, headers: Headers) =>
  isLoopbackAddress(remoteAddress) && !forwardingHeaders.some((name) => headers.has(name));
