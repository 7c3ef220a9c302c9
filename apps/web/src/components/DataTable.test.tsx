import type { ColumnDef } from '@tanstack/react-table';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_RESULTS_TEXT } from '../lib/texts.ts';
import type { ListSort } from '../lib/use-list-params.ts';
import { useRowSelection } from '../lib/use-row-selection.ts';
import { stubResizeObserver } from '../test/resize-observer-stub.ts';
import { DataTable, rowNumberColumn } from './DataTable.tsx';

beforeEach(stubResizeObserver);

interface Person {
  id: number;
  name: string;
}

const columns: ColumnDef<Person>[] = [
  rowNumberColumn<Person>(),
  // Shown by its cell alone: the server sorts, so a sortable column needs no value to sort on.
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
];

const personId = (person: Person) => person.id;

/** A table whose selection resets with `reloadKey`, reporting the ticked ids. */
function SelectableTable({
  rows,
  reloadKey,
  onSelection,
}: {
  rows: Person[] | undefined;
  reloadKey: string;
  onSelection: (ids: number[]) => void;
}) {
  const selection = useRowSelection(reloadKey, rows?.map(personId) ?? []);
  onSelection(selection.selectedIds);
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={rows}
      rowId={personId}
      selection={selection}
      firstRowNumber={16}
    />
  );
}

const people = [
  { id: 4, name: 'Ada' },
  { id: 9, name: 'Bob' },
];

describe('DataTable', () => {
  it('numbers the rows from the page start and selects all of the page', () => {
    let selected: number[] = [];
    render(<SelectableTable rows={people} reloadKey="1" onSelection={(ids) => (selected = ids)} />);

    const [, first] = screen.getAllByRole('row');
    expect(within(first as HTMLElement).getByRole('cell', { name: '16' })).toBeDefined();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(selected).toEqual([4, 9]);

    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0] as HTMLElement);
    expect(selected).toEqual([9]);
  });

  it('clears the selection when the list reloads', () => {
    let selected: number[] = [];
    const onSelection = (ids: number[]) => {
      selected = ids;
    };
    const { rerender } = render(
      <SelectableTable rows={people} reloadKey="page1@1" onSelection={onSelection} />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(selected).toEqual([4, 9]);

    rerender(<SelectableTable rows={people} reloadKey="page1@2" onSelection={onSelection} />);
    expect(selected).toEqual([]);
    for (const box of screen.getAllByRole('checkbox') as HTMLInputElement[]) {
      expect(box.checked).toBe(false);
    }
  });

  it('shows a spinner before the first answer, then the empty text', () => {
    const { rerender } = render(
      <SelectableTable rows={undefined} reloadKey="1" onSelection={vi.fn()} />,
    );
    expect(screen.getByText('Loading...')).toBeDefined();

    rerender(<SelectableTable rows={[]} reloadKey="1" onSelection={vi.fn()} />);
    expect(screen.getByText(NO_RESULTS_TEXT)).toBeDefined();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect((selectAll as HTMLInputElement).disabled).toBe(true);
  });

  it('veils the old rows while the next page loads, letting clicks through, and shows a failure', () => {
    const { rerender } = render(
      <DataTable
        label="People"
        columns={columns}
        rows={people}
        rowId={(row) => row.id}
        isFetching
      />,
    );
    expect(screen.getByText('Bob')).toBeDefined();
    expect(screen.getByText('Loading...')).toBeDefined();
    // A refresh can start as a row's action is clicked: the veil must not take the click.
    const veil = screen.getByRole('status').parentElement as HTMLElement;
    expect(veil.style.pointerEvents).toBe('none');

    rerender(
      <DataTable
        label="People"
        columns={columns}
        rows={people}
        rowId={(row) => row.id}
        error={new Error('The server could not be reached.')}
      />,
    );
    expect(screen.getByText('The server could not be reached.')).toBeDefined();
    expect(screen.queryByText('Bob')).toBeNull();
  });

  it('sorts through the headers of its sort keys: ascending, descending, then none', () => {
    function SortedTable() {
      const [sort, setSort] = useState<ListSort | null>(null);
      return (
        <>
          <output>{sort ? `${sort.key} ${sort.direction}` : 'none'}</output>
          <DataTable
            label="People"
            columns={columns}
            rows={people}
            rowId={(row) => row.id}
            sortKeys={['name', 'created_at']}
            sort={sort}
            onSortChange={setSort}
          />
        </>
      );
    }
    render(<SortedTable />);
    const header = screen.getByRole('button', { name: 'Name' });
    expect(screen.queryByRole('button', { name: '#' })).toBeNull();

    fireEvent.click(header);
    expect(screen.getByRole('status').textContent).toBe('name asc');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    fireEvent.click(header);
    expect(screen.getByRole('status').textContent).toBe('name desc');
    fireEvent.click(header);
    expect(screen.getByRole('status').textContent).toBe('none');
  });
});
