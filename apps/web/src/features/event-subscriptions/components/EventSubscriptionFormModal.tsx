import {
  EVENT_SUBSCRIPTION_DESCRIPTION_MAX,
  EVENT_SUBSCRIPTION_MESSAGES,
  type EventSubscription,
  type EventSubscriptionCreated,
  eventSubscriptionsResource,
} from '@sitefleet/contract';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextAreaField, TextField } from '../../../components/form/FormField.tsx';
import { WebsitesField } from '../../../components/form/WebsitesField.tsx';
import { useResourceForm } from '../../../lib/use-resource-form.ts';
import { EventChecklist } from './EventChecklist.tsx';
import {
  type EventSubscriptionFormValues,
  initialValues,
  subscriptionFormResolver,
  subscriptionPayload,
} from './event-subscription-form.ts';
import { SubscriptionSecretModal } from './SubscriptionSecretModal.tsx';

interface EventSubscriptionFormModalProps {
  /** The subscription to edit, or null to add one. */
  subscription: EventSubscription | null;
  onClose: () => void;
}

/**
 * 'Add New Event Subscription' / 'Edit Event Subscription': the URL, a description, whether it is
 * enabled, its events and its websites (none: every website). A new one's secret is shown once.
 */
export function EventSubscriptionFormModal({
  subscription,
  onClose,
}: EventSubscriptionFormModalProps) {
  const [secret, setSecret] = useState<string | null>(null);
  const enabledId = useId();
  const { form, errors, modal } = useResourceForm<
    EventSubscriptionFormValues,
    EventSubscription | EventSubscriptionCreated
  >({
    recordId: subscription?.id ?? null,
    noun: 'Event Subscription',
    resolver: subscriptionFormResolver,
    defaultValues: initialValues(subscription),
    resource: eventSubscriptionsResource,
    messages: {
      created: EVENT_SUBSCRIPTION_MESSAGES.created,
      updated: EVENT_SUBSCRIPTION_MESSAGES.updated,
    },
    payload: subscriptionPayload,
    onClose,
    // A new subscription's secret is answered this once: the dialog shows it before it closes.
    onSaved: (answer) => ('secret' in answer ? setSecret(answer.secret) : onClose()),
  });

  if (secret !== null) {
    return (
      <SubscriptionSecretModal
        title={EVENT_SUBSCRIPTION_MESSAGES.created}
        secret={secret}
        onClose={onClose}
      />
    );
  }

  return (
    <FormModal {...modal} size="lg">
      <FormErrorAlert errors={errors} />
      <TextField
        label="URL"
        type="url"
        placeholder="https://example.com/webhooks/sitefleet"
        autoComplete="off"
        registration={form.register('url')}
        error={errors.url}
        help="Each event is POSTed here as JSON."
      />
      <TextAreaField
        label="Description"
        rows={2}
        maxLength={EVENT_SUBSCRIPTION_DESCRIPTION_MAX}
        registration={form.register('description')}
        error={errors.description}
      />
      <div className="form-check form-switch mb-3">
        <input
          id={enabledId}
          type="checkbox"
          className="form-check-input"
          {...form.register('enabled')}
        />
        <label htmlFor={enabledId} className="form-check-label">
          Enabled
        </label>
      </div>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => (
          <EventChecklist
            value={field.value}
            onChange={field.onChange}
            error={errors.events}
            inputRef={field.ref}
          />
        )}
      />
      <WebsitesField
        control={form.control}
        name="website_ids"
        error={errors.website_ids}
        placeholder="Every website"
        help="Leave empty for every website's events, and the fleet's own (users, roles, imports)."
      />
      {subscription && (
        <p className="form-text mb-0">
          Its signing secret ends in <code>{subscription.secret_hint}</code>; Rotate secret in the
          list makes a new one.
        </p>
      )}
    </FormModal>
  );
}
