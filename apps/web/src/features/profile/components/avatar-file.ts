import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, PROFILE_MESSAGES } from '@sitefleet/contract';

/**
 * Why a chosen file cannot be an avatar, or null. This only spares a useless upload: the server
 * judges the bytes, whatever the browser says the type is.
 */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return PROFILE_MESSAGES.imageType;
  }
  if (file.size > AVATAR_MAX_BYTES) return PROFILE_MESSAGES.imageTooLarge;
  return null;
}
