import { translate } from '@nq/contracts/errors/index';
import type { FileRecord } from '@nq/contracts/files/file-record';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import FilesPage from './FilesPage.tsx';

const path = '/files_management';
const generatePath = (year: number, month: number) => `/api/sutel-backend/data/generate/${year}/${month}`;
const october: FileRecord = {
  id: 'file-monthly-0001',
  service: 'monthlyData',
  name: 'monthly-data-2026-10.zip',
  status: 'inProgress',
  createdAt: '2026-11-25T10:00:01.000Z',
  attempts: 1,
};

let api: FakeApi;
let files: FileRecord[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T10:00:00.000Z'));
  files = [];
  api = fakeApi().get('/files-management', () => ({ list: files, count: files.length }));
});
afterEach(() => vi.useRealTimers());

const dialog = () => within(screen.getByRole('dialog', { name: 'Generate monthly data' }));
const option = (select: HTMLElement, name: string) => within(select).getByRole('option', { name }) as HTMLOptionElement;

describe('Generate monthly data (files management)', () => {
  it('asks for last month by default and shows the new file in the list, in progress', async () => {
    signIn(api, testProfile({ rol: 'admin' }));
    api.post(generatePath(2026, 10), () => {
      files = [october];
      return { file: october };
    });
    const { user } = await renderScreen(<FilesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Generate monthly data' }));
    const month = dialog().getByRole('combobox', { name: 'Month' });
    expect(dialog().getByRole('combobox', { name: 'Year' })).toHaveValue('2026');
    expect(month).toHaveValue('10');
    expect(option(month, 'November').disabled).toBe(true);
    expect(option(month, 'December').disabled).toBe(true);
    expect(option(month, 'September').disabled).toBe(false);

    await user.click(dialog().getByRole('button', { name: 'Generate' }));
    await expect.poll(() => api.sent('POST', generatePath(2026, 10))).toHaveLength(1);
    const row = (await screen.findByText('monthly-data-2026-10.zip')).closest('tr')!;
    expect(within(row).getByText('Monthly data')).toBeInTheDocument();
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    // The list's refetch and the dialog's closing follow the same answer, in no fixed order.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a month of another year', async () => {
    signIn(api, testProfile({ rol: 'admin' }));
    api.post(generatePath(2025, 12), { file: { ...october, name: 'monthly-data-2025-12.zip' } });
    const { user } = await renderScreen(<FilesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Generate monthly data' }));
    await user.selectOptions(dialog().getByRole('combobox', { name: 'Year' }), '2025');
    await user.selectOptions(dialog().getByRole('combobox', { name: 'Month' }), 'December');
    await user.click(dialog().getByRole('button', { name: 'Generate' }));
    await expect.poll(() => api.sent('POST', generatePath(2025, 12))).toHaveLength(1);
  });

  it("says in place why a month outside the profile's dates cannot be generated", async () => {
    signIn(api, testProfile({ rol: 'admin', tsStart: '2026-10-15T00:00:00.000Z' }));
    const { user } = await renderScreen(<FilesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Generate monthly data' }));
    expect(dialog().getByRole('alert')).toHaveTextContent(translate('profiles.outOfDateLimits', 'en'));
    expect(dialog().getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(option(dialog().getByRole('combobox', { name: 'Month' }), 'September').disabled).toBe(true);
  });

  it("shows the API's refusal in place, in Spanish", async () => {
    signIn(api, testProfile({ rol: 'admin' }));
    const params = { month: '2026-10' };
    api.post(generatePath(2026, 10), answer(422, { code: 'monthlyData.monthNotOver', params }));
    const { user } = await renderScreen(<FilesPage />, { path, language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Generar datos mensuales' }));
    const spanish = within(screen.getByRole('dialog', { name: 'Generar datos mensuales' }));
    await user.click(spanish.getByRole('button', { name: 'Generar' }));
    expect(await spanish.findByRole('alert')).toHaveTextContent(translate('monthlyData.monthNotOver', 'es', params));
  });

  it('is not offered to a profile that is not an administrator', async () => {
    signIn(api, testProfile({ rol: 'user' }));
    await renderScreen(<FilesPage />, { path });
    await screen.findByText(/You have no files yet/);
    expect(screen.queryByRole('button', { name: 'Generate monthly data' })).not.toBeInTheDocument();
  });
});
