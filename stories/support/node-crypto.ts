/**
 * `node:crypto` as the server's page views use it (layout.ts's nonce), for the stories that render them in the
 * browser (stories/flows/sign-in.stories.tsx): random bytes from Web Crypto, written as Node writes them.
 */
export const randomBytes = (size: number) => {
  const bytes = crypto.getRandomValues(new Uint8Array(size));
  return { toString: (encoding: 'base64' | 'hex') => (encoding === 'hex' ? [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('') : btoa(String.fromCharCode(...bytes))) };
};
