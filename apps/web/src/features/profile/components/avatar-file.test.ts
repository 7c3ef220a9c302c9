import { AVATAR_MAX_BYTES, PROFILE_MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './avatar-file.ts';

describe('avatarFileProblem', () => {
  it('accepts the image types up to 2 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('refuses other types (SVG included) and larger files with the server texts', () => {
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(PROFILE_MESSAGES.imageType);
    expect(avatarFileProblem({ type: 'text/plain', size: 10 })).toBe(PROFILE_MESSAGES.imageType);
    expect(avatarFileProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe(
      PROFILE_MESSAGES.imageTooLarge,
    );
  });
});
