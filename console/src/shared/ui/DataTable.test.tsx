import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/i18n.ts';
import { renderScreen } from '../testing/render-screen.tsx';
import { type Column, DataTable, Pagination } from './DataTable.tsx';

interface City {
  id: string;
  name: string;
  probes: string[];
  country?: string;
}

const cities: City[] = Array.from({ length: 23 }, (_, index) => ({
  id: `city-${index + 1}`,
  name: `City ${index + 1}`,
  probes: index === 0 ? ['p1', 'p2'] : [],
  ...(index === 0 ? { country: 'Spain' } : {}),
}));

const columns: Column<City>[] = [
  { key: 'name', header: 'Name' },
  { key: 'probes', header: 'Probes' },
  { key: 'country', header: 'Country', render: (row) => row.country?.toUpperCase() ?? '—' },
];

/** A table over a list held in memory, paged as the screens page theirs. */
function PagedCities({ onRowClick }: { onRowClick?: (row: City) => void }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const rows = cities.slice((page - 1) * pageSize, page * pageSize);
  return (
    <>
      <DataTable<City>
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        caption="Cities"
        {...(onRowClick ? { onRowClick } : {})}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        count={cities.length}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </>
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Cities' }))
    .getAllByRole('row')
    .slice(1);
const textsOf = (cells: HTMLElement[]) => cells.map((cell) => cell.textContent);
const rowNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable with its pagination', () => {
  it('shows each row under its column headers: the value, a list as its count, or what the column draws', async () => {
    await renderScreen(<PagedCities />);

    const table = screen.getByRole('table', { name: 'Cities' });
    expect(textsOf(within(table).getAllByRole('columnheader'))).toEqual(['Name', 'Probes', 'Country']);
    const [first, second] = bodyRows();
    expect(textsOf(within(first!).getAllByRole('cell'))).toEqual(['City 1', '2', 'SPAIN']);
    expect(textsOf(within(second!).getAllByRole('cell'))).toEqual(['City 2', '0', '—']);
  });

  it('pages through the rows: next, previous, and the buttons off at either end', async () => {
    const { user } = await renderScreen(<PagedCities />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });

    expect(screen.getByText('23 in total')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(10);
    expect(previous).toBeDisabled();

    await user.click(next);
    await user.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(rowNames()).toEqual(['City 21', 'City 22', 'City 23']);
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(rowNames()[0]).toBe('City 11');
  });

  it('shows more rows per page when asked, from the first page', async () => {
    const { user } = await renderScreen(<PagedCities />);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');

    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(23);
  });

  it('opens a row when it is clicked', async () => {
    const opened = vi.fn();
    const { user } = await renderScreen(<PagedCities onRowClick={opened} />);

    await user.click(screen.getByRole('cell', { name: 'City 3' }));

    expect(opened).toHaveBeenCalledWith(cities[2]);
  });

  it('says that it is loading while there is nothing to show yet', async () => {
    await renderScreen(
      <DataTable<City> columns={columns} rows={undefined} loading rowKey={(row) => row.id} caption="Cities" />,
    );
    expect(screen.getByRole('table', { name: 'Cities' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('cell', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('says when there is nothing to show', async () => {
    await renderScreen(<DataTable<City> columns={columns} rows={[]} rowKey={(row) => row.id} caption="Cities" />);
    expect(screen.getByRole('cell', { name: 'No results' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Loading…' })).not.toBeInTheDocument();
  });

  it('speaks the interface language', async () => {
    await renderScreen(<PagedCities />, { language: 'es' });
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();

    await act(() => setLanguage('en'));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });
});
