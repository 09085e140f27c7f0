/** How long a connector waits for a provider's answer before it gives up (the test send and the sign-in pages alike). */
export const connectorFetchTimeoutMs = 10_000;

/** The server's fetch, given up after connectorFetchTimeoutMs unless the caller brings its own signal. */
export const boundedFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(connectorFetchTimeoutMs) });
