import { CellDateTime } from '../CellText.tsx';

/** A review's due date; past it, in red and marked Overdue (against the browser's clock). */
export function DueDate({ value }: { value: string }) {
  const overdue = Date.parse(value) < Date.now();
  return (
    <span className={`small${overdue ? ' text-danger fw-semibold' : ''}`} title="Due">
      <i className="bi bi-calendar-event me-1" aria-hidden="true" />
      <CellDateTime value={value} />
      {overdue && (
        <>
          {' '}
          <span className="badge text-bg-danger">Overdue</span>
        </>
      )}
    </span>
  );
}
