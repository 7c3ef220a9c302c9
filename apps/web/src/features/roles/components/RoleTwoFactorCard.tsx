import { useId, useState } from 'react';
import { useCan } from '../../../lib/abilities.ts';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { useRoleTwoFactor, useSetRoleTwoFactor } from '../api/role-two-factor.ts';

/** Whether the role's users must sign in with a second factor (changed with role-update). */
export function RoleTwoFactorCard({ roleId }: { roleId: number }) {
  const requirement = useRoleTwoFactor(roleId);
  const change = useSetRoleTwoFactor(roleId);
  const canUpdate = useCan('role-update');
  const switchId = useId();
  // The asked value is held here, set within the click: the mutation's own pending state reaches
  // the component a moment later, and until then the switch would fall back for a frame.
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <div className="card mb-4">
      <div className="card-header">
        <h2 className="card-title h6 mb-0">Two-Factor Sign-In</h2>
      </div>
      <div className="card-body">
        <div className="form-check form-switch">
          <input
            id={switchId}
            type="checkbox"
            className="form-check-input"
            checked={asked ?? requirement.data?.required ?? false}
            disabled={!canUpdate || !requirement.data || asked !== null}
            onChange={(event) => {
              setAsked(event.target.checked);
              change.mutate(event.target.checked, {
                onSuccess: ({ message }) => notifySuccess(message),
                onError: notifyFailure,
                onSettled: () => setAsked(null),
              });
            }}
          />
          <label htmlFor={switchId} className="form-check-label">
            Require two-factor sign-in for this role's users
          </label>
        </div>
        <div className="form-text">
          Users of this role without it are signed out and set it up at their next sign-in.
        </div>
      </div>
    </div>
  );
}
