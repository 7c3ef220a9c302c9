import {
  WEBSITE_MESSAGES,
  WEBSITE_STATUS,
  WEBSITE_STATUS_OPTIONS,
  type Website,
  type WebsiteCreated,
  websiteInputSchema,
  websitesResource,
} from '@sitefleet/contract';
import { useState } from 'react';
import { FormModal } from '../../../components/FormModal.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { SelectField, TextField } from '../../../components/form/FormField.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { SecretAddedModal } from '../../../components/RotateSecret.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { useResourceForm } from '../../../lib/use-resource-form.ts';

/** The form's values as typed: numbers stay text, so that 'abc' can be told from an empty field. */
interface WebsiteFormValues {
  name: string;
  url: string;
  hosting: string;
  cost: string;
  duration: string;
  status: string;
  next_renewal_date: string;
  monitor_keyword: string;
}

interface WebsiteFormModalProps {
  /** The website to edit, or null to add one. */
  website: Website | null;
  onClose: () => void;
}

function initialValues(website: Website | null): WebsiteFormValues {
  return {
    name: website?.name ?? '',
    url: website?.url ?? '',
    hosting: website?.hosting ?? '',
    cost: website ? String(website.cost) : '',
    duration: website ? String(website.duration) : '',
    status: String(website?.status ?? WEBSITE_STATUS.active),
    next_renewal_date: website?.next_renewal_date ?? '',
    monitor_keyword: website?.monitor_keyword ?? '',
  };
}

/**
 * 'Add New Website' / 'Edit Website': name, url, hosting, cost, duration, status, next renewal,
 * the monitor's keyword.
 */
export function WebsiteFormModal({ website, onClose }: WebsiteFormModalProps) {
  const [secret, setSecret] = useState<string | null>(null);
  const { form, errors, modal } = useResourceForm<WebsiteFormValues, Website | WebsiteCreated>({
    recordId: website?.id ?? null,
    noun: 'Website',
    // Sent as typed: the server reads the numbers and the blank date by the same schema.
    resolver: contractResolver<WebsiteFormValues>(websiteInputSchema),
    defaultValues: initialValues(website),
    resource: websitesResource,
    messages: WEBSITE_MESSAGES,
    onClose,
    // A new website's signing secret is answered this once: the dialog shows it before it closes.
    onSaved: (answer) =>
      'webhook_secret' in answer ? setSecret(answer.webhook_secret) : onClose(),
  });

  if (secret !== null) return <NewSigningSecret secret={secret} onClose={onClose} />;

  return (
    <FormModal {...modal}>
      <FormErrorAlert errors={errors} />
      <TextField label="Name" registration={form.register('name')} error={errors.name} />
      <TextField
        label="Url"
        type="url"
        placeholder="https://example.com"
        registration={form.register('url')}
        error={errors.url}
      />
      <TextField label="Hosting" registration={form.register('hosting')} error={errors.hosting} />
      <div className="row">
        <TextField
          className="col-sm-6 mb-3"
          label="Cost (₹)"
          inputMode="decimal"
          registration={form.register('cost')}
          error={errors.cost}
        />
        <TextField
          className="col-sm-6 mb-3"
          label="Duration (months)"
          inputMode="numeric"
          registration={form.register('duration')}
          error={errors.duration}
        />
      </div>
      <div className="row">
        <SelectField
          className="col-sm-6 mb-3 mb-sm-0"
          label="Status"
          options={WEBSITE_STATUS_OPTIONS}
          registration={form.register('status')}
          error={errors.status}
        />
        <DateField
          className="col-sm-6"
          label="Next Renewal"
          help="Empty: the created date plus the duration."
          control={form.control}
          name="next_renewal_date"
          error={errors.next_renewal_date}
        />
      </div>
      <TextField
        className="mt-3 mb-3"
        label="Monitor keyword"
        help="Optional: a page that answers without this text counts as down."
        registration={form.register('monitor_keyword')}
        error={errors.monitor_keyword}
      />
      {website && <HistoryPanel subjectType="website" subjectId={website.id} />}
    </FormModal>
  );
}

/** After Add Website: its webhook signing secret, shown once, and Done. */
function NewSigningSecret({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <SecretAddedModal
      title="Website added"
      label="Signing secret"
      secret={secret}
      onClose={onClose}
    >
      Deliveries to this website carry an HMAC-SHA256 signature of their body under this secret (
      <code>X-Sitefleet-Signature</code>): give it to the website's receiver. A lost secret is
      replaced by rotating it in the website's Webhook Settings.
    </SecretAddedModal>
  );
}
