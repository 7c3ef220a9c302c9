import { EVENT_TYPES, SUBSCRIBABLE_EVENT_TYPES } from '@sitefleet/contract';
import type { Ref } from 'react';
import {
  type ChecklistGroup,
  type ChecklistItem,
  GroupedChecklist,
} from '../../../components/form/GroupedChecklist.tsx';
import { capitalised } from '../../../lib/texts.ts';

/** The event types a subscription may choose, grouped by what they are about ('post.created': post). */
function eventGroups(): ChecklistGroup[] {
  const groups = new Map<string, ChecklistItem[]>();
  for (const type of SUBSCRIBABLE_EVENT_TYPES) {
    const subject = type.slice(0, type.indexOf('.'));
    const { description } = EVENT_TYPES[type];
    const items = groups.get(subject) ?? [];
    items.push({
      value: type,
      keywords: [type, description],
      label: (
        <>
          {description} <code className="small">{type}</code>
        </>
      ),
    });
    groups.set(subject, items);
  }
  return [...groups].map(([subject, items]) => ({
    key: subject,
    title: capitalised(subject),
    items,
  }));
}

const EVENT_GROUPS = eventGroups();

interface EventChecklistProps {
  value: readonly string[];
  onChange: (events: string[]) => void;
  error?: { message?: string };
  /** Where a refusal of the events puts the focus: the filter box. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The events a subscription receives, one checkbox each with its description. */
export function EventChecklist(props: EventChecklistProps) {
  return (
    <GroupedChecklist
      {...props}
      legend="Events"
      groups={EVENT_GROUPS}
      filterLabel="Filter events"
      noMatchText="No event matches."
      help="Each is sent as it happens, signed with the subscription's secret."
    />
  );
}
