import type { SocialNetwork } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { Dropdown } from 'react-bootstrap';
import { NetworkLabel } from '../../../components/NetworkLabel.tsx';
import { ConnectLinkModal } from './ConnectLinkModal.tsx';
import { ConnectModal } from './ConnectModal.tsx';
import { NETWORK_CHOICES } from './NetworkField.tsx';

/**
 * The Channels screen's Connect menu (channel-manage): an account of each network through its
 * consent, or a connect link for a website's owner who holds the account but has no login.
 */
export function ConnectMenu() {
  const [network, setNetwork] = useState<SocialNetwork | null>(null);
  const [linking, setLinking] = useState(false);
  const menuId = useId();
  return (
    <>
      <Dropdown>
        <Dropdown.Toggle variant="primary" size="sm" id={menuId}>
          <i className="bi bi-plug me-1" aria-hidden="true" />
          Connect
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {NETWORK_CHOICES.map(({ value, label }) => (
            <Dropdown.Item
              as="button"
              key={value}
              onClick={() => setNetwork(value)}
              aria-label={`Connect ${label}`}
            >
              <NetworkLabel network={value} />
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => setLinking(true)}
      >
        <i className="bi bi-link-45deg me-1" aria-hidden="true" />
        Connect Link
      </button>
      {network && <ConnectModal network={network} onClose={() => setNetwork(null)} />}
      {linking && <ConnectLinkModal onClose={() => setLinking(false)} />}
    </>
  );
}
