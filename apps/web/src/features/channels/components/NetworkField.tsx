import {
  isSocialNetwork,
  PUBLISH_TARGET_LABELS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '@sitefleet/contract';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../components/form/FormField.tsx';
import { NetworkLabel } from '../../../components/NetworkLabel.tsx';

/** The networks a channel or an app is added for, by name. */
export const NETWORK_CHOICES = SOCIAL_NETWORKS.map((network) => ({
  value: network,
  label: PUBLISH_TARGET_LABELS[network],
}));

/** The network a form's field holds, or null before one is chosen. */
export const asNetwork = (value: string) => (isSocialNetwork(value) ? value : null);

interface NetworkFieldProps {
  /** The network of a record being edited, which stays what it was added as. */
  fixed: SocialNetwork | undefined;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A new record's network, chosen; an edited one's, shown. */
export function NetworkField({ fixed, registration, error }: NetworkFieldProps) {
  if (fixed === undefined) {
    return (
      <SelectField
        className="col-sm-6 mb-3"
        label="Network"
        options={NETWORK_CHOICES}
        placeholder="Select a network"
        registration={registration}
        error={error}
      />
    );
  }
  return (
    <div className="col-sm-6 mb-3">
      <span className="form-label d-block mb-0">Network</span>
      <div className="form-control-plaintext">
        <NetworkLabel network={fixed} />
      </div>
    </div>
  );
}
