import { CHANNEL_MESSAGES, type Channel, channelsResource } from '@sitefleet/contract';
import { FormModal } from '../../../components/FormModal.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { SelectField, TextField } from '../../../components/form/FormField.tsx';
import { WebsitesField } from '../../../components/form/WebsitesField.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { useResourceForm } from '../../../lib/use-resource-form.ts';
import { useSocialAppChoices } from '../api/channels.ts';
import {
  type ChannelFormValues,
  channelFormResolver,
  channelPayload,
  initialValues,
} from './channel-form.ts';
import { DefaultSwitch } from './DefaultSwitch.tsx';
import { asNetwork, NetworkField } from './NetworkField.tsx';

const KEEP_TOKEN = 'Leave empty to keep the one it has.';
const NO_EXPIRY = 'Empty: not known, or it does not expire.';

interface ChannelFormModalProps {
  /** The channel to edit, or null to add one. */
  channel: Channel | null;
  onClose: () => void;
}

/**
 * 'Add New Channel' / 'Edit Channel': an account whose tokens were obtained elsewhere, its app and
 * its websites. The tokens are written only: an edit shows them empty and sends one only when
 * typed. The network and the account stay what they were added as.
 */
export function ChannelFormModal({ channel, onClose }: ChannelFormModalProps) {
  const { form, errors, modal } = useResourceForm<ChannelFormValues, Channel>({
    recordId: channel?.id ?? null,
    noun: 'Channel',
    resolver: channelFormResolver(channel),
    defaultValues: initialValues(channel),
    resource: channelsResource,
    messages: { created: CHANNEL_MESSAGES.created, updated: CHANNEL_MESSAGES.updated },
    payload: (values) => channelPayload(values, channel),
    onClose,
  });
  const network = asNetwork(form.watch('network'));
  const apps = useSocialAppChoices(network);
  const tokenType = { type: 'password', autoComplete: 'new-password', spellCheck: false } as const;

  return (
    <FormModal {...modal} size="lg">
      <FormErrorAlert errors={errors} />
      <div className="row">
        <NetworkField
          fixed={channel?.network}
          // Another network's apps are no choice for this one.
          registration={form.register('network', { onChange: () => form.setValue('app_id', '') })}
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
          label="Account ID"
          autoComplete="off"
          readOnly={channel !== null}
          help={channel === null ? "The network's id of the page or account." : undefined}
          registration={form.register('external_id')}
          error={errors.external_id}
        />
        <SelectField
          className="col-sm-6 mb-3"
          label="App"
          options={(apps.data?.data ?? []).map((app) => ({
            value: app.id,
            label: app.is_default ? `${app.name} (default)` : app.name,
          }))}
          placeholder="The network's default app"
          help="Its client credentials renew the tokens (Parameters › Social Apps)."
          registration={form.register('app_id')}
          error={errors.app_id}
        />
        <TextField
          {...tokenType}
          className="col-sm-6 mb-3"
          label="Access token"
          help={channel === null ? undefined : KEEP_TOKEN}
          registration={form.register('access_token')}
          error={errors.access_token}
        />
        <DateField
          className="col-sm-6 mb-3"
          label="Token expires on"
          control={form.control}
          name="token_expires_at"
          help={NO_EXPIRY}
          error={errors.token_expires_at}
        />
        <TextField
          {...tokenType}
          className="col-sm-6 mb-3"
          label="Refresh token"
          help={channel === null ? 'Optional: it renews the access token.' : KEEP_TOKEN}
          registration={form.register('refresh_token')}
          error={errors.refresh_token}
        />
        <DateField
          className="col-sm-6 mb-3"
          label="Refresh token expires on"
          control={form.control}
          name="refresh_expires_at"
          help={NO_EXPIRY}
          error={errors.refresh_expires_at}
        />
      </div>
      <WebsitesField
        control={form.control}
        name="website_ids"
        error={errors.website_ids}
        placeholder="No website"
        help="It publishes the posts of these websites to its account."
      />
      <DefaultSwitch
        label="Default channel of its network"
        help="It also publishes for every website that has no channel of this network."
        registration={form.register('is_default')}
        error={errors.is_default}
      />
      {channel && <HistoryPanel subjectType="channel" subjectId={channel.id} />}
    </FormModal>
  );
}
