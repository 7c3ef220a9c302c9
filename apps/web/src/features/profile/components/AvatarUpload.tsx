import { AVATAR_CONTENT_TYPES, PROFILE_MESSAGES, type Profile } from '@sitefleet/contract';
import { type ChangeEvent, useRef } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { useUploadAvatar } from '../api/profile.ts';
import { avatarFileProblem } from './avatar-file.ts';

/** The avatar, which uploads a new image when clicked (PNG, JPEG, GIF or WebP, at most 2 MB). */
export function AvatarUpload({ user }: { user: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifySuccess(PROFILE_MESSAGES.imageUploaded),
      onError: notifyFailure,
    });
  }

  return (
    <>
      <button
        type="button"
        className="btn p-0 border-0 bg-transparent rounded-circle position-relative"
        title="Change the profile picture"
        aria-label="Upload a profile picture"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        <UserAvatar name={user.name} avatar={user.avatar} size={128} className="shadow-sm" />
        {upload.isPending && (
          <span className="position-absolute top-50 start-50 translate-middle">
            <LoadingSpinner label="Uploading..." />
          </span>
        )}
      </button>
      <input
        ref={input}
        type="file"
        className="d-none"
        accept={AVATAR_CONTENT_TYPES.join(',')}
        aria-label="Profile picture file"
        onChange={choose}
      />
    </>
  );
}
