import {
  CONNECT_OUTCOMES,
  CONNECT_PARAMS,
  connectOutcomeMessage,
  type ConnectOutcome as Outcome,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '@sitefleet/contract';
import { useId } from 'react';
import { Modal } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { ChooseAccounts } from './ChooseAccounts.tsx';

const ALERTS: Record<Outcome, string> = {
  connected: 'alert-success',
  denied: 'alert-warning',
  failed: 'alert-danger',
};

const CONNECT_KEYS = Object.values(CONNECT_PARAMS);

/**
 * How a connection started here ended, as the network's return sent the browser back: a message
 * (connected, declined, failed) until it is dismissed, or the accounts the consent offers to
 * choose (`?pending={state}`), in a dialog.
 */
export function ConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const titleId = useId();
  const clear = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of CONNECT_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );

  const pending = params.get(CONNECT_PARAMS.pending);
  if (pending) {
    return (
      <Modal show onHide={clear} aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={titleId}>
            Choose accounts
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ChooseAccounts scope="channels" state={pending} onAdded={clear} />
        </Modal.Body>
      </Modal>
    );
  }

  const outcome = params.get(CONNECT_PARAMS.outcome) as Outcome | null;
  const network = params.get(CONNECT_PARAMS.network) as SocialNetwork | null;
  if (
    !outcome ||
    !CONNECT_OUTCOMES.includes(outcome) ||
    !network ||
    !SOCIAL_NETWORKS.includes(network)
  ) {
    return null;
  }
  return (
    <div
      className={`alert ${ALERTS[outcome]} alert-dismissible`}
      role={outcome === 'connected' ? 'status' : 'alert'}
    >
      {connectOutcomeMessage(outcome, network, params.get(CONNECT_PARAMS.detail))}
      <button type="button" className="btn-close" aria-label="Dismiss" onClick={clear} />
    </div>
  );
}
