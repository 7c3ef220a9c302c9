import { TWO_FACTOR_MESSAGES } from '@sitefleet/contract';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { RecoveryCodesPanel } from '../../../components/two-factor/RecoveryCodesPanel.tsx';
import { TwoFactorSetupPanel } from '../../../components/two-factor/TwoFactorSetupPanel.tsx';
import { useEnterApp, useLoginTwoFactorSetup, useSecondFactor } from '../api/two-factor.ts';

/** The setup a role requires, walked through before the first session of the user begins. */
export function TwoFactorLoginSetup({ onBack }: { onBack: () => void }) {
  const setup = useLoginTwoFactorSetup();
  const secondFactor = useSecondFactor();
  const enterApp = useEnterApp();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [entering, setEntering] = useState(false);

  if (recoveryCodes) {
    return (
      <RecoveryCodesPanel codes={recoveryCodes}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={entering}
          onClick={() => {
            setEntering(true);
            void enterApp().finally(() => setEntering(false));
          }}
        >
          Continue
        </button>
      </RecoveryCodesPanel>
    );
  }

  return (
    <div>
      <p>{TWO_FACTOR_MESSAGES.setupRequired}</p>
      {setup.isPending && <LoadingSpinner />}
      {setup.isError && (
        <div className="alert alert-danger" role="alert">
          {setup.error.message}
        </div>
      )}
      {setup.data && (
        <TwoFactorSetupPanel
          setup={setup.data}
          busy={secondFactor.isPending}
          onConfirm={async (code) => {
            const codes = await secondFactor.mutateAsync({ code });
            if (codes) setRecoveryCodes(codes);
          }}
        />
      )}
      <button type="button" className="btn btn-link p-0 mt-3" onClick={onBack}>
        Back to sign in
      </button>
    </div>
  );
}
