import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  API_TOKEN_CHECKSUM_LENGTH,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  API_TOKEN_RANDOM_LENGTH,
} from '@sitefleet/contract';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The CRC32 of the random part in base62, six characters (62⁶ > 2³²), zero-padded. */
function checksum(random: string): string {
  let value = crc32(random);
  let text = '';
  for (let i = 0; i < API_TOKEN_CHECKSUM_LENGTH; i += 1) {
    text = BASE62[value % 62] + text;
    value = Math.floor(value / 62);
  }
  return text;
}

/** A new token: 32 random base62 characters (190 bits), each drawn without bias, and their checksum. */
export function newApiToken(): string {
  let random = '';
  for (let i = 0; i < API_TOKEN_RANDOM_LENGTH; i += 1) random += BASE62[randomInt(62)];
  return `${API_TOKEN_PREFIX}${random}${checksum(random)}`;
}

/** True when the text is shaped as a token and its checksum matches: no database read needed. */
export function isWellFormedApiToken(token: string): boolean {
  if (!API_TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(API_TOKEN_PREFIX.length);
  const random = body.slice(0, API_TOKEN_RANDOM_LENGTH);
  return body.slice(API_TOKEN_RANDOM_LENGTH) === checksum(random);
}

/** What the database keeps of a token. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
