import {
  SOCIAL_APP_MESSAGES,
  SOCIAL_NETWORK_ENDPOINTS,
  type SocialApp,
  socialAppsResource,
} from '@sitefleet/contract';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { useResourceForm } from '../../../lib/use-resource-form.ts';
import { DefaultSwitch } from './DefaultSwitch.tsx';
import { asNetwork, NetworkField } from './NetworkField.tsx';
import {
  initialValues,
  type SocialAppFormValues,
  socialAppFormResolver,
  socialAppPayload,
} from './social-app-form.ts';

/** The addresses an app may point elsewhere (a proxy, a test server), each with its real one. */
const ADDRESS_FIELDS = [
  { name: 'auth_url', label: 'Authorisation URL', real: 'authUrl' },
  { name: 'token_url', label: 'Token URL', real: 'tokenUrl' },
  { name: 'api_base_url', label: 'API base URL', real: 'apiBaseUrl' },
] as const;

interface SocialAppFormModalProps {
  /** The app to edit, or null to add one. */
  app: SocialApp | null;
  onClose: () => void;
}

/**
 * 'Add New Social App' / 'Edit Social App': a network's client credentials and the addresses its
 * channels are renewed and tested at. The secret is written only: an edit says whether one is
 * kept and sends one only when typed.
 */
export function SocialAppFormModal({ app, onClose }: SocialAppFormModalProps) {
  const { form, errors, modal } = useResourceForm<SocialAppFormValues, SocialApp>({
    recordId: app?.id ?? null,
    noun: 'Social App',
    resolver: socialAppFormResolver(app),
    defaultValues: initialValues(app),
    resource: socialAppsResource,
    messages: { created: SOCIAL_APP_MESSAGES.created, updated: SOCIAL_APP_MESSAGES.updated },
    payload: (values) => socialAppPayload(values, app),
    onClose,
  });
  const network = asNetwork(form.watch('network'));
  const endpoints = network && SOCIAL_NETWORK_ENDPOINTS[network];
  const secretHelp =
    app === null
      ? 'It is never shown again.'
      : app.has_client_secret
        ? 'A secret is kept: leave empty to keep it.'
        : 'No secret is kept.';

  return (
    <FormModal {...modal} size="lg">
      <FormErrorAlert errors={errors} />
      <div className="row">
        <NetworkField
          fixed={app?.network}
          registration={form.register('network')}
          error={errors.network}
        />
        <TextField
          className="col-sm-6 mb-3"
          label="Name"
          autoComplete="off"
          registration={form.register('name')}
          error={errors.name}
        />
        <TextField
          className="col-sm-6 mb-3"
          label="Client ID"
          autoComplete="off"
          registration={form.register('client_id')}
          error={errors.client_id}
        />
        <TextField
          className="col-sm-6 mb-3"
          label="Client secret"
          type="password"
          autoComplete="new-password"
          help={secretHelp}
          registration={form.register('client_secret')}
          error={errors.client_secret}
        />
      </div>
      {ADDRESS_FIELDS.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type="url"
          autoComplete="off"
          placeholder={endpoints?.[field.real]}
          help={
            endpoints
              ? `Empty: the network's own, ${endpoints[field.real]}`
              : "Empty: the network's own address."
          }
          registration={form.register(field.name)}
          error={errors[field.name]}
        />
      ))}
      <DefaultSwitch
        label="Default app of its network"
        help="The network's channels that name no app use it."
        registration={form.register('is_default')}
        error={errors.is_default}
      />
      {app && <HistoryPanel subjectType="social_app" subjectId={app.id} />}
    </FormModal>
  );
}
