import { type Channel, CONNECT_MESSAGES } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { isApiError } from '../../../lib/http.ts';
import { type PendingScope, useChooseAccounts, usePendingAccounts } from '../api/connect.ts';

interface ChooseAccountsProps {
  scope: PendingScope;
  /** The consent's state, which names the accounts it offers. */
  state: string;
  /** The channels made from the accounts chosen. */
  onAdded: (channels: Channel[]) => void;
}

/**
 * The accounts a consent offers (Facebook Pages, LinkedIn organisations), each with its checkbox,
 * and Add selected: each account chosen becomes a channel for the websites the consent was for.
 */
export function ChooseAccounts({ scope, state, onAdded }: ChooseAccountsProps) {
  const pending = usePendingAccounts(scope, state);
  const choose = useChooseAccounts(scope, state);
  const [chosen, setChosen] = useState<string[]>([]);
  const id = useId();

  if (pending.isPending) return <LoadingSpinner />;
  if (pending.isError) {
    return (
      <div className="alert alert-warning mb-0" role="alert">
        {isApiError(pending.error) ? pending.error.message : CONNECT_MESSAGES.stateUnknown}
      </div>
    );
  }
  const { network, candidates } = pending.data;
  const toggle = (externalId: string, on: boolean) =>
    setChosen((current) =>
      on ? [...current, externalId] : current.filter((value) => value !== externalId),
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        choose.mutate({ external_ids: chosen }, { onSuccess: ({ data }) => onAdded(data) });
      }}
    >
      <fieldset className="mb-3">
        <legend className="h6">{CONNECT_MESSAGES.chooseTitle(network)}</legend>
        {candidates.map((candidate, index) => (
          <div className="form-check" key={candidate.external_id}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-${index}`}
              checked={chosen.includes(candidate.external_id)}
              onChange={(event) => toggle(candidate.external_id, event.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-${index}`}>
              {candidate.name}{' '}
              <span className="small text-body-secondary">{candidate.external_id}</span>
            </label>
          </div>
        ))}
      </fieldset>
      {choose.isError && (
        <div className="alert alert-danger" role="alert">
          {choose.error.message}
        </div>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={chosen.length === 0 || choose.isPending}
        aria-busy={choose.isPending}
      >
        Add selected
      </button>
    </form>
  );
}
