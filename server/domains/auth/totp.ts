import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '../../../shared/auth/security-messages';

const ISSUER = 'Agora';
/** A code of the step before or after the current one still counts: clocks drift. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_HALF = 5;

export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (secret: string, account: string): string =>
  generateURI({ issuer: ISSUER, label: account, secret });

/** The RFC 6238 time step the code belongs to, or null when it is not a current code. */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** How a recovery code is stored: its SHA-256 (random codes need no slow hash). */
export const recoveryCodeHash = (normalized: string): string =>
  createHash('sha256').update(normalized).digest('hex');

function randomHalf(): string {
  let half = '';
  for (let i = 0; i < RECOVERY_HALF; i += 1) {
    half += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  }
  return half;
}

/** Ten fresh codes as shown once (`xxxxx-xxxxx`), with the hashes that are kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from(
    { length: RECOVERY_CODE_COUNT },
    () => `${randomHalf()}-${randomHalf()}`,
  );
  return { codes, hashes: codes.map((code) => recoveryCodeHash(code.replace('-', ''))) };
}
