import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';
import { ExternalSigningKey } from 'oidc-provider';

/** oidc-provider's switch for `ExternalSigningKey` entries in `jwks.keys` (an experimental feature of oidc-provider 9). */
export const externalSigningSupport = { enabled: true, ack: 'experimental-01' };

/** Told of each token a key signs, with the token's `exp` (epoch seconds) when it has one. */
export type OnSign = (kid: string, expiresAt: number | undefined) => void;

/** The `exp` of the JWS signing input `header.payload` (a few microseconds: the payload is a few hundred bytes). */
const expiryOf = (data: Uint8Array) => {
  const input = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  try {
    const { exp } = JSON.parse(Buffer.from(input.slice(input.indexOf('.') + 1), 'base64url').toString()) as { exp?: unknown };
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
};

/** The hash of each algorithm the issuers sign with; a key without `alg` signs with its type's (P-256: ES256). */
const hashes: Record<string, string> = { ES256: 'sha256', RS256: 'sha256' };
const algorithmOf = (jwk: JWK) => jwk.alg ?? (jwk.kty === 'RSA' ? 'RS256' : 'ES256');

/**
 * A private signing JWK that oidc-provider signs with through `sign()` rather than through WebCrypto. WebCrypto hands
 * each signature to a worker thread, and the hand-off costs the event loop more than an ES256 signature made on it
 * (about 20 µs of CPU): ES256 signs at once. An RS256 signature takes about a millisecond, so it still goes to a worker
 * thread, and the event loop serves other requests meanwhile. The key object is made once per key (per issuer build);
 * the private members are never read back, so JWKS and discovery publish only the public ones.
 */
class SigningKey extends ExternalSigningKey {
  readonly #onSign: OnSign | undefined;
  readonly #kid: string;
  readonly #alg: string;
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  readonly #hash: string;

  constructor(jwk: JWK, onSign?: OnSign) {
    super();
    this.#onSign = onSign;
    const alg = algorithmOf(jwk);
    const hash = hashes[alg];
    if (!jwk.kid || !hash) throw new Error(`a signing key needs a kid and one of ${Object.keys(hashes).join(', ')}`);
    [this.#kid, this.#alg, this.#hash] = [jwk.kid, alg, hash];
    this.#privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    this.#publicKey = createPublicKey(this.#privateKey);
  }

  override get kid() {
    return this.#kid;
  }

  override get alg() {
    return this.#alg;
  }

  override keyObject() {
    return this.#publicKey;
  }

  override sign(data: Uint8Array) {
    this.#onSign?.(this.#kid, expiryOf(data));
    if (this.#privateKey.asymmetricKeyType === 'ec') return sign(this.#hash, data, { key: this.#privateKey, dsaEncoding: 'ieee-p1363' });
    return new Promise<Uint8Array>((resolve, reject) => sign(this.#hash, data, this.#privateKey, (error, signature) => (error ? reject(error) : resolve(signature))));
  }
}

/** The signing JWKs as oidc-provider's `jwks.keys`, in the same order (the current ones first); `onSign` hears of each signature. */
export const signingKeysOf = (jwks: JWK[], onSign?: OnSign) => jwks.map((jwk) => new SigningKey(jwk, onSign));
