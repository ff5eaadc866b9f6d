// Password hashing: argon2id with the OWASP Password Storage Cheat Sheet's minimum parameters
// (19 MiB memory, 2 iterations, 1 lane).
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (a const enum, which isolatedModules can't import)
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
