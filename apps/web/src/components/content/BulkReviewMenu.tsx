import { REVIEW_ACTION_LABELS } from '@sitefleet/contract';
import { Dropdown } from 'react-bootstrap';
import { useAuth } from '../../lib/auth-store.ts';
import { useWorkflowOptions } from '../../lib/content/variant-review.ts';

export type BulkReviewChoice =
  | { action: 'move_stage'; stage_id: number }
  | { action: 'assign'; user_id: number | null };

interface BulkReviewMenuProps {
  /** The toggle's text, before the count of ticked rows. */
  label?: string;
  selectedCount: number;
  busy: boolean;
  onSelect: (choice: BulkReviewChoice) => void;
}

/**
 * The review menu beside Bulk Actions (a list's) or the action select (Detailed Review's): Move
 * to… a stage (each ticked variant, or each variant of the ticked records, whose website uses that
 * stage's workflow), Assign to me, Unassign.
 */
export function BulkReviewMenu({
  label = 'Review',
  selectedCount,
  busy,
  onSelect,
}: BulkReviewMenuProps) {
  const workflows = useWorkflowOptions();
  const { user } = useAuth();
  return (
    <Dropdown>
      <Dropdown.Toggle variant="outline-secondary" size="sm" disabled={selectedCount === 0 || busy}>
        {label}
        {selectedCount > 0 ? ` (${selectedCount})` : ''}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {(workflows.data ?? []).map((workflow) => (
          <div key={workflow.id}>
            <Dropdown.Header>
              {REVIEW_ACTION_LABELS.move_stage} ({workflow.name})
            </Dropdown.Header>
            {workflow.stages.map((stage) => (
              <Dropdown.Item
                key={stage.id}
                as="button"
                type="button"
                onClick={() => onSelect({ action: 'move_stage', stage_id: stage.id })}
              >
                {stage.name}
              </Dropdown.Item>
            ))}
          </div>
        ))}
        <Dropdown.Divider />
        {user && (
          <Dropdown.Item
            as="button"
            type="button"
            onClick={() => onSelect({ action: 'assign', user_id: user.id })}
          >
            Assign to me
          </Dropdown.Item>
        )}
        <Dropdown.Item
          as="button"
          type="button"
          onClick={() => onSelect({ action: 'assign', user_id: null })}
        >
          Unassign
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
