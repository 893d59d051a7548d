import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { SaveToDashboardDialog } from './SaveToDashboardDialog.tsx';

const request = {
  generator: 'advanced' as const,
  graphicType: 'boxplot' as const,
  axes: { value: 'download' as const },
};
const dashboard = (id: string, name: string, owner: string, categories: string[]) => ({
  id,
  name,
  owner,
  categories: categories.map((category) => ({ name: category, graphics: [] })),
  sharedWith: [],
  notified: [],
  readBy: [],
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/dashboards/personal/', {
    list: [
      dashboard('d1', 'Weekly', 'profile-1', ['Speed']),
      dashboard('d2', 'Shared with me', 'someone-else', ['Other']),
    ],
    count: 2,
    page: 1,
    pageSize: 100,
  });
  signIn(api);
});

const open = () =>
  renderScreen(
    <SaveToDashboardDialog open request={request} defaultTitle="Boxplot of Download speed" onClose={() => {}} />,
  );

describe('save to dashboard', () => {
  it('offers only the dashboards the user owns, and refuses a new category named as one the dashboard has', async () => {
    const { user } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Save the graphic to a dashboard' });
    const dashboards = within(dialog).getByRole('combobox', { name: 'Dashboard' });
    await waitFor(() => expect(dashboards).toHaveValue('d1'));
    expect(
      within(dashboards)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Weekly', 'New dashboard…']);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'New category…');
    await user.type(within(dialog).getByRole('textbox', { name: 'New category name' }), 'speed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('There is already a category with that name')).toBeInTheDocument();
    expect(api.sent('PUT', '/dashboards/personal/d1/categories')).toEqual([]);
  });

  it('adds the new category to the dashboard, then saves the graphic into it', async () => {
    api
      .put('/dashboards/personal/d1/categories', { result: {}, warnings: [] })
      .post('/dashboards/personal/d1/Latency%20boxes/graphic', answer(201, { result: {}, warnings: [] }));
    const { user } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Save the graphic to a dashboard' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Dashboard' })).toHaveValue('d1'));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'New category…');
    await user.type(within(dialog).getByRole('textbox', { name: 'New category name' }), 'Latency boxes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The graphic has been saved to the dashboard.')).toBeInTheDocument();
    expect(api.sent('PUT', '/dashboards/personal/d1/categories')[0]?.body).toEqual({
      categories: [{ name: 'Speed' }, { name: 'Latency boxes' }],
    });
    expect(api.sent('POST', '/dashboards/personal/d1/Latency%20boxes/graphic')[0]?.body).toEqual({
      title: 'Boxplot of Download speed',
      request,
    });
  });

  it("shows the catalogue's message when the new dashboard's name is taken", async () => {
    api.post('/dashboards/personal/', answer(409, { code: 'dashboards.duplicateName', message: 'taken', details: {} }));
    const { user } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Save the graphic to a dashboard' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Dashboard' })).toHaveValue('d1'));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Dashboard' }), 'New dashboard…');
    await user.type(within(dialog).getByRole('textbox', { name: 'New dashboard name' }), 'Monthly');
    await user.type(within(dialog).getByRole('textbox', { name: 'New category name' }), 'Speed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message =
      'It is not possible to save the dashboard. You already have one with that name, try a different one.';
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(message));
  });
});
