import type { ReactNode } from 'react';
import { COPY_FAILED_TEXT, CopyButton, useCopy } from '../CopyButton.tsx';

/** The recovery codes, shown once right after two-factor sign-in was turned on, with a copy of all. */
export function RecoveryCodesPanel({ codes, children }: { codes: string[]; children: ReactNode }) {
  const copy = useCopy(codes.join('\n'));
  return (
    <div>
      <div className="alert alert-warning" role="status">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        They will not be shown again.
      </div>
      <ul
        className="list-unstyled row row-cols-2 g-2 font-monospace mb-3"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <div className="mb-3">
        <CopyButton
          copy={copy}
          label="Copy the codes"
          className="btn btn-outline-secondary btn-sm"
        />
        {copy.state === 'failed' && <div className="form-text">{COPY_FAILED_TEXT}</div>}
      </div>
      {children}
    </div>
  );
}
