import {
  EVENT_SUBSCRIPTION_MESSAGES,
  EVENT_SUBSCRIPTION_ORDER_KEYS,
  EVENT_SUBSCRIPTION_STATUSES,
  type EventSubscription,
  eventSubscriptionsResource,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { FilterSelect } from '../../../components/ListFilters.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { NO_RESULTS_TEXT } from '../../../lib/texts.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { useReloadSubscriptions, useSubscriptionActions } from '../api/event-subscriptions.ts';
import { DeliveriesModal } from '../components/DeliveriesModal.tsx';
import { EventSubscriptionFormModal } from '../components/EventSubscriptionFormModal.tsx';
import {
  STATUS_BADGES,
  type SubscriptionAction,
  useEventSubscriptionColumns,
} from '../components/event-subscription-columns.tsx';
import { SubscriptionSecretModal } from '../components/SubscriptionSecretModal.tsx';

const STATUS_OPTIONS = EVENT_SUBSCRIPTION_STATUSES.map(
  (status) => [status, STATUS_BADGES[status].text] as const,
);

/** The row dialog open, if any: its form, a confirmation, its deliveries, or a secret shown once. */
type Dialog =
  | { kind: 'none' }
  | { kind: 'edit' | 'rotate' | 'replay' | 'deliveries'; subscription: EventSubscription }
  | { kind: 'secret'; secret: string; message: string };

const NONE: Dialog = { kind: 'none' };

/**
 * Parameters › Event Subscriptions (event-subscription-manage): the URLs that receive the fleet's
 * events, each with its row's actions: Edit, Send test event, Rotate secret, Resume, Replay
 * failed, Deliveries and Delete.
 */
export function EventSubscriptionsPage() {
  const list = useResourceList({
    rowId: (subscription: EventSubscription) => subscription.id,
    resource: eventSubscriptionsResource,
    deletedMessage: EVENT_SUBSCRIPTION_MESSAGES.deleted,
  });
  const { params, askDelete } = list;
  const [dialog, setDialog] = useState<Dialog>(NONE);
  const close = useCallback(() => setDialog(NONE), []);
  const actions = useSubscriptionActions();
  const reload = useReloadSubscriptions();
  const { test, resume } = actions;

  const onAction = useCallback(
    (action: SubscriptionAction, subscription: EventSubscription) => {
      if (action === 'test') test.mutate(subscription);
      else if (action === 'resume') resume.mutate(subscription);
      else if (action === 'delete') askDelete(subscription);
      else setDialog({ kind: action, subscription });
    },
    [test.mutate, resume.mutate, askDelete],
  );
  const columns = useEventSubscriptionColumns(onAction);
  const filtered = params.query !== '' || Boolean(params.filters.status);

  return (
    <ResourceListPage
      title="Event Subscriptions"
      list={list}
      columns={columns}
      sortKeys={EVENT_SUBSCRIPTION_ORDER_KEYS}
      filters={
        <FilterSelect
          label="Status"
          all="All statuses"
          value={params.filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => params.setFilters({ status })}
        />
      }
      emptyText={filtered ? NO_RESULTS_TEXT : EVENT_SUBSCRIPTION_MESSAGES.empty}
      addNew={{
        label: 'Add New Event Subscription',
        form: (closeForm) => <EventSubscriptionFormModal subscription={null} onClose={closeForm} />,
      }}
      deleteConfirmation={{
        title: 'Delete Event Subscription',
        question: (subscription) =>
          `Are you sure you want to delete the event subscription to ${subscription.url} ? Its events will no longer be sent.`,
      }}
    >
      {dialog.kind === 'edit' && (
        <EventSubscriptionFormModal subscription={dialog.subscription} onClose={close} />
      )}
      {dialog.kind === 'deliveries' && (
        <DeliveriesModal
          subscription={dialog.subscription}
          onClose={() => {
            close();
            // What the dialog showed going out shows in the list behind it.
            void reload();
          }}
        />
      )}
      <ConfirmModal
        show={dialog.kind === 'rotate'}
        title="Rotate Secret"
        confirmLabel="Rotate secret"
        confirmVariant="warning"
        busy={actions.rotate.isPending}
        onConfirm={() =>
          dialog.kind === 'rotate' &&
          actions.rotate.mutate(dialog.subscription, {
            onSuccess: ({ secret, message }) => setDialog({ kind: 'secret', secret, message }),
            onError: close,
          })
        }
        onCancel={close}
      >
        {dialog.kind === 'rotate' && (
          <>
            Rotate the signing secret of <strong>{dialog.subscription.url}</strong>? The current one
            stops signing at once: the receiver refuses the events until it holds the new one.
          </>
        )}
      </ConfirmModal>
      <ConfirmModal
        show={dialog.kind === 'replay'}
        title="Replay Failed"
        confirmLabel="Replay"
        confirmVariant="primary"
        busy={actions.replay.isPending}
        onConfirm={() =>
          dialog.kind === 'replay' &&
          actions.replay.mutate(dialog.subscription, { onSettled: close })
        }
        onCancel={close}
      >
        {dialog.kind === 'replay' && (
          <>
            Send again every event to <strong>{dialog.subscription.url}</strong> that failed or is
            held?
          </>
        )}
      </ConfirmModal>
      {dialog.kind === 'secret' && (
        <SubscriptionSecretModal title={dialog.message} secret={dialog.secret} onClose={close} />
      )}
    </ResourceListPage>
  );
}
