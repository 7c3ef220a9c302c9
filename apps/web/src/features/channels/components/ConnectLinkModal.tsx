import { CONNECT_LIMITS, type ConnectLink, type ConnectLinkInput } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { CellDateTime } from '../../../components/CellText.tsx';
import { COPY_FAILED_TEXT, CopyButton, useCopy } from '../../../components/CopyButton.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormField } from '../../../components/form/FormField.tsx';
import { isApiError } from '../../../lib/http.ts';
import { useCreateConnectLink } from '../api/connect.ts';
import { WebsitesChoice } from './ConnectModal.tsx';
import { NETWORK_CHOICES } from './NetworkField.tsx';

const DEFAULT_HOURS = 72;

/** The link just made, with a Copy button: it is handed to the account's holder outside the app. */
function LinkShown({ link }: { link: ConnectLink }) {
  const copy = useCopy(link.url);
  return (
    <div className="alert alert-success" role="status">
      <div className="input-group mb-1">
        <input
          className="form-control"
          readOnly
          aria-label="Connect link"
          value={link.url}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton copy={copy} />
      </div>
      <span className="small">
        {copy.state === 'failed' && `${COPY_FAILED_TEXT} `}
        It works for one connection, until <CellDateTime value={link.expires_at} />.
      </span>
    </div>
  );
}

/**
 * 'Connect Link': for a website's owner who holds the account but has no login. The network,
 * the websites its account will publish and how many hours the link lasts; the link is shown once,
 * with a Copy button. Its page says who asks (you) for what, and leads to the network's consent.
 */
export function ConnectLinkModal({ onClose }: { onClose: () => void }) {
  const create = useCreateConnectLink();
  const [network, setNetwork] = useState('');
  const [websiteIds, setWebsiteIds] = useState<number[]>([]);
  const [hours, setHours] = useState(String(DEFAULT_HOURS));
  const networkId = useId();
  const hoursId = useId();
  const error = create.error;
  const fieldError = (field: string) => {
    const message = isApiError(error) ? error.fieldError(field) : undefined;
    return message ? { message } : undefined;
  };
  const known = ['network', 'website_ids', 'expires_in_hours', 'app_id'];
  const otherError = error && !known.some((field) => fieldError(field)) ? error.message : null;

  return (
    <FormModal
      show
      title="Connect Link"
      submitLabel="Create link"
      busy={create.isPending}
      onCancel={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({
          // An unchosen network is the server's to refuse, with its message.
          network: network as ConnectLinkInput['network'],
          website_ids: websiteIds,
          expires_in_hours: Number(hours),
        });
      }}
    >
      {create.data && <LinkShown link={create.data} />}
      {otherError && (
        <div className="alert alert-danger" role="alert">
          {otherError}
        </div>
      )}
      <FormField
        label="Network"
        controlId={networkId}
        error={fieldError('network') ?? fieldError('app_id')}
      >
        <select
          id={networkId}
          className={`form-select ${fieldError('network') || fieldError('app_id') ? 'is-invalid' : ''}`}
          value={network}
          onChange={(event) => setNetwork(event.target.value)}
        >
          <option value="">Select a network</option>
          {NETWORK_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </FormField>
      <WebsitesChoice
        value={websiteIds}
        onChange={setWebsiteIds}
        error={fieldError('website_ids')?.message}
        help="The account its holder connects publishes the posts of these websites."
      />
      <FormField
        label="Link lasts (hours)"
        controlId={hoursId}
        error={fieldError('expires_in_hours')}
        help={`${CONNECT_LIMITS.linkHoursMin} to ${CONNECT_LIMITS.linkHoursMax} hours, for one connection.`}
      >
        <input
          id={hoursId}
          type="number"
          min={CONNECT_LIMITS.linkHoursMin}
          max={CONNECT_LIMITS.linkHoursMax}
          className={`form-control ${fieldError('expires_in_hours') ? 'is-invalid' : ''}`}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
        />
      </FormField>
    </FormModal>
  );
}
