import '../../../shared/ui/test-support/jsdom-stubs';
import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMS_MSG, PERM } from '@lims/contracts';
import { grant, mockApi, renderPage } from '../../../shared/list-page/test-utils';
import AnalysisListPage from './analysis-list-page';
import { analysisServer } from './analysis-test-data';

configure({ asyncUtilTimeout: 8000 });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('检测任务', { timeout: 40_000 }, () => {
  it('lists analyses with limits, 判定 and state; 分配 is left out without the code', async () => {
    grant(PERM.analysis.list);
    mockApi(analysisServer);
    renderPage(<AnalysisListPage />, '/lims/analysis');
    await screen.findByText('铅');
    const lead = rowOf('铅');
    for (const text of ['≤ 0.01', '0.005', '合格', '孙七'])
      expect(within(lead).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(rowOf('pH')).getByText('6 – 9')).toBeTruthy();
    expect(within(lead).queryByText('分配')).toBeNull();
  });

  it('分配 sends only the fields filled in, and asks for a reason when the analysis has a result', async () => {
    grant(...Object.values(PERM.analysis));
    const api = mockApi(analysisServer);
    const user = userEvent.setup();
    renderPage(<AnalysisListPage />, '/lims/analysis');
    await screen.findByText('铅');

    await user.click(within(rowOf('pH')).getByText('分配'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/修改原因/)).toBeNull();
    await user.type(within(dialog).getByLabelText('上限'), '8.5');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.last('/lims/analysis/assign')?.body).toEqual({ ids: ['a1'], specMax: '8.5' }));
    expect(await screen.findByText('分配成功！共 1 条')).toBeTruthy();

    await user.click(within(rowOf('铅')).getByText('分配'));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('技术要求'), '不得检出');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(LIMS_MSG.reasonRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/修改原因/), '标准更新');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.last('/lims/analysis/assign')?.body).toEqual({
        ids: ['a2'],
        specText: '不得检出',
        reason: '标准更新',
      }),
    );
  });
});
