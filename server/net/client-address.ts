import type { IncomingMessage } from 'node:http';

/**
 * The client's address: the socket's peer, or behind a trusted proxy (TRUST_PROXY=1) the last X-Forwarded-For hop, the
 * one the proxy added. Without a trusted proxy the header is ignored: any client could write it.
 */
export const clientAddress = (incoming: IncomingMessage | undefined, headers: Headers, trustProxy: boolean) => {
  const forwarded = trustProxy ? headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  return forwarded || incoming?.socket.remoteAddress || undefined;
};

/** The Node request under a Hono context (@hono/node-server's bindings); undefined in a test calling app.request. */
export const incomingOf = (env: unknown) => (env as { incoming?: IncomingMessage } | undefined)?.incoming;
