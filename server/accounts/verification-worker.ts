import { parentPort } from 'node:worker_threads';
import { verifySync as verifyArgon2 } from '@node-rs/argon2';
import { compareSync as verifyBcrypt } from 'bcryptjs';

/** One costly digest verification at a time, off the server's thread (verification-pool.ts): bcrypt's or argon2's. */
parentPort!.on('message', ({ digest, password }: { digest: string; password: string }) => {
  let matches = false;
  try {
    matches = digest.startsWith('$2') ? verifyBcrypt(password, digest) : verifyArgon2(digest, password);
  } catch {
    // A digest that does not verify matches nothing.
  }
  parentPort!.postMessage(matches);
});
