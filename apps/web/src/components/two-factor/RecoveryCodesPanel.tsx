import type { ReactNode } from 'react';

/** The recovery codes, shown once right after two-factor sign-in was turned on. */
export function RecoveryCodesPanel({ codes, children }: { codes: string[]; children: ReactNode }) {
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
      {children}
    </div>
  );
}
