import { randomInt } from 'node:crypto';
import { isValidPassword } from '@tracehub/contract';

/**
 * Letters and digits without look-alikes (0/O, 1/l/I), so the administrator can read it out or type it:
 * 55 symbols, 16 of them about 92 bits from the CSPRNG.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const LENGTH = 16;

/**
 * A random password for an account an administrator creates or resets (security review, finding 2): shown
 * once to the administrator, stored only as its argon2 hash, and good only for setting the member's own.
 * Drawn until it follows the password rule (upper and lower case and a digit; nearly always the first).
 */
export function newOneTimePassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    if (isValidPassword(password)) return password;
  }
}
