import { PUBLISH_TARGET_LABELS, type SocialNetwork } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormField } from '../../../components/form/FormField.tsx';
import { MultiSelect } from '../../../components/MultiSelect.tsx';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
import { isApiError } from '../../../lib/http.ts';
import { useSocialAppChoices } from '../api/channels.ts';
import { useStartConnect } from '../api/connect.ts';

interface ConnectModalProps {
  network: SocialNetwork;
  onClose: () => void;
}

/** The websites a connection's accounts will publish, chosen by name. */
export function WebsitesChoice({
  value,
  onChange,
  error,
  help,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  help: string;
}) {
  const websites = useWebsiteOptions();
  const id = useId();
  return (
    <FormField
      label="Websites"
      controlId={id}
      error={error ? { message: error } : undefined}
      help={help}
    >
      <MultiSelect
        inputId={id}
        options={(websites.data ?? []).map((website) => ({
          value: website.id,
          label: website.name,
        }))}
        value={value}
        onChange={onChange}
        isLoading={websites.isPending}
        invalid={error !== undefined}
        placeholder="No website"
      />
    </FormField>
  );
}

/**
 * 'Connect Facebook' (and each network): the websites its accounts will publish and the app that
 * asks (the network's default when none is chosen), then the network's consent page.
 */
export function ConnectModal({ network, onClose }: ConnectModalProps) {
  const label = PUBLISH_TARGET_LABELS[network];
  const start = useStartConnect();
  const apps = useSocialAppChoices(network);
  const [websiteIds, setWebsiteIds] = useState<number[]>([]);
  const [appId, setAppId] = useState('');
  const appFieldId = useId();
  const error = start.error;
  const fieldError = (field: string) => (isApiError(error) ? error.fieldError(field) : undefined);
  const appError = fieldError('app_id');
  const otherError = error && !fieldError('website_ids') && !appError ? error.message : null;

  return (
    <FormModal
      show
      title={`Connect ${label}`}
      submitLabel={`Continue to ${label}`}
      // The page is left for the network's: the dialog waits until then.
      busy={start.isPending || start.isSuccess}
      onCancel={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate({
          network,
          website_ids: websiteIds,
          app_id: appId === '' ? null : Number(appId),
        });
      }}
    >
      <p>
        {label} asks you to sign in and consent; you then come back here
        {network === 'facebook' || network === 'linkedin'
          ? ` and choose the ${network === 'facebook' ? 'Pages' : 'organisations'} to add.`
          : ' with the account connected.'}
      </p>
      {otherError && (
        <div className="alert alert-danger" role="alert">
          {otherError}
        </div>
      )}
      <WebsitesChoice
        value={websiteIds}
        onChange={setWebsiteIds}
        error={fieldError('website_ids')}
        help="Its accounts publish the posts of these websites."
      />
      <FormField
        label="App"
        controlId={appFieldId}
        error={appError ? { message: appError } : undefined}
      >
        <select
          id={appFieldId}
          className={`form-select ${appError ? 'is-invalid' : ''}`}
          value={appId}
          onChange={(event) => setAppId(event.target.value)}
        >
          <option value="">The network's default app</option>
          {(apps.data?.data ?? []).map((app) => (
            <option key={app.id} value={app.id}>
              {app.is_default ? `${app.name} (default)` : app.name}
            </option>
          ))}
        </select>
      </FormField>
    </FormModal>
  );
}
