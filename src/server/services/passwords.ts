// argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane): never a fast hash.
import { hash, verify } from '@node-rs/argon2';

const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verifying against this when the login is unknown keeps the answer time the same, so timing does
// not tell an attacker which logins exist.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('zhol-timing-equaliser');
  await verifyPassword(await dummy, password);
}
