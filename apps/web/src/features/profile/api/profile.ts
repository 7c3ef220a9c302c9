import {
  AVATAR_FIELD,
  messageSchema,
  type PasswordChangeInput,
  type ProfileUpdateInput,
  profileAnswerSchema,
} from '@sitefleet/contract';
import { useMutation } from '@tanstack/react-query';
import { setUser } from '../../../lib/auth-store.ts';
import { http } from '../../../lib/http.ts';

/** PUT /api/profile: the message and the refreshed profile. */
export async function updateProfile(input: ProfileUpdateInput) {
  return profileAnswerSchema.parse(await http.put('/api/profile', input));
}

/** POST /api/upload-profile-image, multipart with the file in profile_picture. */
export async function uploadAvatar(file: File) {
  const body = new FormData();
  body.append(AVATAR_FIELD, file);
  return profileAnswerSchema.parse(await http.post('/api/upload-profile-image', body));
}

/** POST /api/change-user-password: the server's message. */
export async function changePassword(input: PasswordChangeInput) {
  return messageSchema.parse(await http.post('/api/change-user-password', input));
}

/** The session's user becomes the answer's, so the sidebar's name and avatar follow at once. */
const keepUser = ({ user }: { user: Parameters<typeof setUser>[0] }) => setUser(user);

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: keepUser });
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: keepUser });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
