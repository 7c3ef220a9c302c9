import {
  EVENT_DELIVERY_STATUSES,
  type EventAttempt,
  type EventDelivery,
  type EventDeliveryStatus,
  type EventSubscription,
  eventAttemptSchema,
} from '@sitefleet/contract';
import { useId, useMemo, useState } from 'react';
import { Button, Modal, Tab, Tabs } from 'react-bootstrap';
import { CellName } from '../../../components/CellText.tsx';
import { capitalised } from '../../../lib/texts.ts';
import { useEventAttempts, useEventDeliveries } from '../api/event-subscriptions.ts';
import { ATTEMPT_COLUMNS, deliveryColumns } from './event-log-columns.tsx';
import { type LogView, SubscriptionLog, useLogView } from './SubscriptionLog.tsx';

const choices = <V extends string>(values: readonly V[]) =>
  values.map((value) => [value, capitalised(value)] as const);

const STATUS_FILTER = {
  label: 'Delivery status',
  all: 'All statuses',
  options: choices(EVENT_DELIVERY_STATUSES),
};

type AttemptOutcome = EventAttempt['outcome'];

const OUTCOME_FILTER = {
  label: 'Attempt outcome',
  all: 'All outcomes',
  options: choices(eventAttemptSchema.shape.outcome.options),
};

/** The body one event was sent with, as JSON, under the table. */
function PayloadView({ delivery, onClose }: { delivery: EventDelivery; onClose: () => void }) {
  const headingId = useId();
  return (
    <section className="border rounded p-2 mt-3" aria-labelledby={headingId}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0 flex-grow-1" id={headingId}>
          Payload of <code>{delivery.type}</code>{' '}
          <span className="small text-body-secondary">{delivery.webhook_id}</span>
        </h3>
        <button type="button" className="btn-close" aria-label="Close payload" onClick={onClose} />
      </div>
      <pre className="small mb-0 overflow-auto" style={{ maxHeight: '20rem' }}>
        {JSON.stringify(delivery.payload, null, 2)}
      </pre>
    </section>
  );
}

interface LogTabProps<F extends string> {
  subscriptionId: number;
  view: LogView<F>;
}

/** The Events tab: the events sent, of one status or all, each one's payload on demand. */
function EventsLog({ subscriptionId, view }: LogTabProps<EventDeliveryStatus>) {
  const [viewing, setViewing] = useState<EventDelivery | null>(null);
  const deliveries = useEventDeliveries(subscriptionId, view.page, view.filter);
  const columns = useMemo(() => deliveryColumns(setViewing), []);
  return (
    <>
      <SubscriptionLog
        label="Deliveries"
        filter={STATUS_FILTER}
        view={view}
        answer={deliveries}
        columns={columns}
        empty={{ all: 'No event was sent to it yet.', filtered: 'No delivery of this status.' }}
      />
      {viewing && <PayloadView delivery={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/** The Attempts tab: every try at sending the events, of one outcome or both. */
function AttemptsLog({ subscriptionId, view }: LogTabProps<AttemptOutcome>) {
  const attempts = useEventAttempts(subscriptionId, view.page, view.filter);
  return (
    <SubscriptionLog
      label="Attempts"
      filter={OUTCOME_FILTER}
      view={view}
      answer={attempts}
      columns={ATTEMPT_COLUMNS}
      empty={{ all: 'No event was tried yet.', filtered: 'No attempt of this outcome.' }}
    />
  );
}

interface DeliveriesModalProps {
  subscription: EventSubscription;
  onClose: () => void;
}

/**
 * A subscription's deliveries, newest first, in two tabs: its events, and every attempt at sending
 * them. Each tab keeps its page and filter; only the open one is mounted, so it loads again when
 * opened.
 */
export function DeliveriesModal({ subscription, onClose }: DeliveriesModalProps) {
  const titleId = useId();
  const tabsId = useId();
  const events = useLogView<EventDeliveryStatus>();
  const attempts = useLogView<AttemptOutcome>();

  return (
    <Modal show onHide={onClose} size="xl" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          Deliveries
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="mb-2">
          <CellName name={subscription.url} className="small" />
        </div>
        <Tabs
          id={tabsId}
          defaultActiveKey="events"
          mountOnEnter
          unmountOnExit
          transition={false}
          className="mb-3"
        >
          <Tab eventKey="events" title="Events">
            <EventsLog subscriptionId={subscription.id} view={events} />
          </Tab>
          <Tab eventKey="attempts" title="Attempts">
            <AttemptsLog subscriptionId={subscription.id} view={attempts} />
          </Tab>
        </Tabs>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
