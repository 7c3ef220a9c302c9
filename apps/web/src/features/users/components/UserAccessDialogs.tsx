import type { UserRow } from '@sitefleet/contract';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { useEndUserSessions, useResetTwoFactor } from '../api/access.ts';

/** What an administrator is about to do to a user's access, if anything. */
export type AccessAction = { kind: 'sessions' | 'two-factor'; user: UserRow } | null;

const QUESTIONS = {
  sessions: {
    title: 'Sign Out Everywhere',
    confirm: 'Sign Out',
    question: (name: string) => `Sign ${name} out of every browser? They will sign in again.`,
  },
  'two-factor': {
    title: 'Reset Two-Factor Sign-In',
    confirm: 'Reset',
    question: (name: string) =>
      `Reset two-factor sign-in for ${name}? Their authenticator app and recovery codes stop working, and they are signed out everywhere.`,
  },
} as const;

/** The confirmations of 'Sign out everywhere' and 'Reset two-factor sign-in' in the users list. */
export function UserAccessDialogs({
  action,
  onClose,
}: {
  action: AccessAction;
  onClose: () => void;
}) {
  const endSessions = useEndUserSessions();
  const resetTwoFactor = useResetTwoFactor();
  const mutation = action?.kind === 'two-factor' ? resetTwoFactor : endSessions;
  const texts = QUESTIONS[action?.kind ?? 'sessions'];
  return (
    <ConfirmModal
      show={action !== null}
      title={texts.title}
      confirmLabel={texts.confirm}
      busy={mutation.isPending}
      onConfirm={() =>
        action &&
        mutation.mutate(action.user.id, {
          onSuccess: ({ message }) => {
            notifySuccess(message);
            onClose();
          },
          onError: notifyFailure,
        })
      }
      onCancel={onClose}
    >
      {action && texts.question(action.user.name)}
    </ConfirmModal>
  );
}
