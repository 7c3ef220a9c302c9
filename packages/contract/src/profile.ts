import { z } from 'zod';
import { profileSchema } from './auth.ts';
import { messageSchema } from './errors.ts';
import { MAX_ID } from './pagination.ts';
import { newPasswordField, userEmailField, userNameField } from './users.ts';

/** The multipart field of POST /api/upload-profile-image. */
export const AVATAR_FIELD = 'profile_picture';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Image types accepted as avatars, recognised by their bytes (never SVG, which can carry script). */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully!',
  imageUploaded: 'Image uploaded successfully!',
  imageRequired: 'Choose an image to upload',
  uploadUnreadable:
    'The upload could not be read: send the image as multipart/form-data in the profile_picture field',
  imageType: 'The profile picture must be a PNG, JPEG, GIF or WebP image',
  imageUndecodable: 'The profile picture could not be read: the image is damaged or incomplete',
  imageTooLarge: 'The profile picture may not be greater than 2 MB',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is incorrect',
  confirmationRequired: 'Password confirmation is required',
  confirmationMismatch: 'The password confirmation does not match',
  passwordChanged: 'Password changed successfully. Your other sessions have been signed out.',
} as const;

/**
 * PUT /api/profile. Clients of the original API also send `role`, which is not editable there: it is accepted
 * and ignored.
 */
export const profileUpdateSchema = z.strictObject({
  name: userNameField,
  email: userEmailField,
  role: z
    .unknown()
    .optional()
    .transform(() => undefined),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The answer of PUT /api/profile and POST /api/upload-profile-image: the refreshed profile. */
export const profileAnswerSchema = messageSchema.extend({ user: profileSchema });

/** POST /api/change-user-password */
export const passwordChangeSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
      .min(1, PROFILE_MESSAGES.currentPasswordRequired),
    password: newPasswordField,
    passwordConfirmation: z
      .string({ error: PROFILE_MESSAGES.confirmationRequired })
      .min(1, PROFILE_MESSAGES.confirmationRequired),
  })
  .refine((input) => input.password === input.passwordConfirmation, {
    path: ['passwordConfirmation'],
    error: PROFILE_MESSAGES.confirmationMismatch,
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** GET /api/avatars/{userId}?v=…: `v` changes with each upload (see the profile's avatar URL). */
export const avatarParamsSchema = z.object({
  userId: z.coerce.number().int().positive().max(MAX_ID),
});
export const avatarQuerySchema = z.object({ v: z.string().max(40).optional() });
