// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable, type ServerPagination } from './data-table';
import { stubPhoneWidth } from '../testing/phone-width';

type Person = { id: string; name: string; email: string };

const PEOPLE: Person[] = [
  { id: 'b', name: 'Brian Kernighan', email: 'bwk@example.com' },
  { id: 'a', name: 'Ada Lovelace', email: 'ada@example.com' },
];

const COLUMNS: GridColDef<Person>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'email', headerName: 'Email', flex: 1 },
];

function renderTable(rows: Person[], pagination?: ServerPagination) {
  return render(
    <DataTable
      label="People"
      rows={rows}
      columns={COLUMNS}
      phoneCard={(person) => <span>card of {person.name}</span>}
      emptyText="Nobody here"
      pagination={pagination}
    />,
  );
}

const names = () =>
  within(screen.getByRole('grid', { name: 'People' }))
    .getAllByRole('gridcell')
    .filter((cell) => cell.getAttribute('data-field') === 'name')
    .map((cell) => cell.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('data table', () => {
  it('pages on the server: the admin pager shows the exact total and asks for the page clicked', () => {
    const onPageChange = vi.fn();
    renderTable(PEOPLE, { page: 2, pageSize: 10, total: 23, onPageChange });

    expect(screen.getByText(/^Showing /).textContent).toBe('Showing 11 to 20 of 23 results');
    const pager = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pager.getAllByRole('button', { name: /^Page / }).map((button) => button.textContent)).toEqual(['1', '2', '3']);
    fireEvent.click(pager.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(pager.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    // The rows are the server's page as given: the grid neither pages nor filters them again.
    expect(names()).toEqual(['Brian Kernighan', 'Ada Lovelace']);
  });

  it('does not sort, since no list endpoint takes a sort order', () => {
    renderTable(PEOPLE);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    fireEvent.click(header);
    fireEvent.click(header);
    expect(names()).toEqual(['Brian Kernighan', 'Ada Lovelace']);
    expect(header.getAttribute('aria-sort')).not.toMatch(/ascending|descending/);
  });

  it('says its empty text and shows no pager when there are no rows', () => {
    renderTable([], { page: 1, pageSize: 10, total: 0, onPageChange: () => undefined });
    // The column headers, then the empty text in place of rows.
    expect(screen.getByRole('grid', { name: 'People' }).textContent).toBe('NameEmailNobody here');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows one card per row on a phone instead of the columns', () => {
    stubPhoneWidth();
    renderTable(PEOPLE);
    const grid = within(screen.getByRole('grid', { name: 'People' }));
    expect(grid.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual(['card of Brian Kernighan', 'card of Ada Lovelace']);
    expect(grid.queryByText('ada@example.com')).toBeNull();
    expect(grid.queryByRole('columnheader', { name: 'Email' })).toBeNull();
  });
});
