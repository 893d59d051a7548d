import { translate } from '@nq/contracts/errors/index';
import type { CsvOptions } from '@nq/contracts/files/csv-options';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../testing/render-screen.tsx';
import { CsvExportDialog, CsvOptionsFields } from './CsvOptionsFields.tsx';
import { useCsvOptions } from './useCsvOptions.ts';

/** The control as a screen holds it, with what it would send shown beside it. */
function Harness() {
  const state = useCsvOptions();
  return (
    <>
      <CsvOptionsFields state={state} />
      <output data-testid="sent">{JSON.stringify(state.options)}</output>
    </>
  );
}

function DialogHarness({ onDownload }: { onDownload: (options: CsvOptions) => void }) {
  const state = useCsvOptions();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Export
      </button>
      <CsvExportDialog
        open={open}
        name="Download speed"
        state={state}
        onClose={() => setOpen(false)}
        onDownload={(options) => {
          onDownload(options);
          setOpen(false);
        }}
      />
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? '{}') as CsvOptions;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

beforeEach(() => {
  signIn(fakeApi(), testProfile({ rol: 'admin', timeZone: 'Europe/Madrid' }));
});

describe('CSV options', () => {
  it("defaults to an English interface's format, the profile's time zone and English headers", async () => {
    await renderScreen(<Harness />);
    expect(screen.getByRole('group', { name: 'CSV format' })).toBeInTheDocument();
    expect(select('Delimiter').value).toBe(',');
    expect(select('Decimal separator').value).toBe('.');
    expect(select('Time zone of dates and times').value).toBe('Europe/Madrid');
    expect(select('Column headers in').value).toBe('en');
    expect(screen.getByRole('checkbox', { name: /byte-order mark/ })).not.toBeChecked();
    expect(sent()).toEqual({
      delimiter: ',',
      decimalSeparator: '.',
      bom: false,
      timeZone: 'Europe/Madrid',
      headerLanguage: 'en',
    });
  });

  it('defaults to what Excel in Spanish opens right in a Spanish interface, in Spanish', async () => {
    await renderScreen(<Harness />, { language: 'es' });
    expect(screen.getByRole('group', { name: 'Formato CSV' })).toBeInTheDocument();
    expect(select('Delimitador').value).toBe(';');
    expect(select('Separador decimal').value).toBe(',');
    expect(select('Encabezados de columna en').value).toBe('es');
    expect(screen.getByRole('checkbox', { name: /marca de orden de bytes/ })).toBeChecked();
    expect(sent()).toEqual({
      delimiter: ';',
      decimalSeparator: ',',
      bom: true,
      timeZone: 'Europe/Madrid',
      headerLanguage: 'es',
    });
  });

  it('takes what the user changes, a decimal comma bringing the semicolon with it', async () => {
    const { user } = await renderScreen(<Harness />);
    await user.selectOptions(select('Decimal separator'), ',');
    expect([select('Delimiter').value, select('Decimal separator').value]).toEqual([';', ',']);
    await user.selectOptions(select('Time zone of dates and times'), 'America/New_York');
    await user.selectOptions(select('Column headers in'), 'es');
    await user.click(screen.getByRole('checkbox', { name: /byte-order mark/ }));
    expect(sent()).toEqual({
      delimiter: ';',
      decimalSeparator: ',',
      bom: true,
      timeZone: 'America/New_York',
      headerLanguage: 'es',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("refuses a decimal comma with the comma delimiter with the catalogue's message, and keeps Download disabled", async () => {
    const onDownload = vi.fn();
    const { user } = await renderScreen(<DialogHarness onDownload={onDownload} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = screen.getByRole('dialog', { name: 'Download speed as CSV' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Decimal separator' }), ',');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Delimiter' }), ',');
    const params = { decimalSeparator: ',', delimiter: ',', required: ';' };
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      translate('csvExport.decimalCommaNeedsSemicolon', 'en', params),
    );
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeDisabled();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Delimiter' }), ';');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith({
      delimiter: ';',
      decimalSeparator: ',',
      bom: false,
      timeZone: 'Europe/Madrid',
      headerLanguage: 'en',
    });
  });

  it('shows the refusal in Spanish in a Spanish interface', async () => {
    const { user } = await renderScreen(<Harness />, { language: 'es' });
    await user.selectOptions(select('Delimitador'), ',');
    // The comma delimiter asked alone takes the decimal point: nothing clashes yet.
    expect(select('Separador decimal').value).toBe('.');
    await user.selectOptions(select('Separador decimal'), ',');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El separador decimal «,» necesita el delimitador «;»: con el delimitador «,» cada número decimal se partiría en dos celdas.',
    );
  });
});
