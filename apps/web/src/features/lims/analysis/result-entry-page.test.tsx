import '../../../shared/ui/test-support/jsdom-stubs';
import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMS_MSG, PERM } from '@lims/contracts';
import { grant, mockApi, renderPage } from '../../../shared/list-page/test-utils';
import { ok } from '../../../shared/list-page/test-utils';
import { analysisServer } from './analysis-test-data';
import ResultEntryPage from './result-entry-page';

configure({ asyncUtilTimeout: 8000 });

const rowOf = (el: HTMLElement) => el.closest('tr') as HTMLElement;

describe('结果录入 grid', { timeout: 40_000 }, () => {
  it('flags 超标 while typing, Tab moves to the next cell, Enter saves the row', async () => {
    grant(...Object.values(PERM.result));
    const api = mockApi(analysisServer);
    const user = userEvent.setup();
    renderPage(<ResultEntryPage />, '/lims/result');
    const ph = await screen.findByRole('textbox', { name: /pH 结果/ });
    const row = rowOf(ph);
    expect(within(row).getByText('6 – 9')).toBeTruthy();

    await user.click(ph);
    await user.keyboard('7');
    expect(within(row).getByText('合格')).toBeTruthy();
    await user.keyboard('{Backspace}12');
    expect(within(row).getByText('超标')).toBeTruthy();
    expect(ph.className).toContain('ant-input-status-error');

    // Tab goes on to the next row's result (pH has no result yet: no reason cell).
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /铅 结果/ }));

    await user.click(ph);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.last('/lims/result/save')?.body).toEqual({ id: 'a1', result: '12', version: 0 }));
    expect(await screen.findByText('保存成功！（超标）')).toBeTruthy();
  });

  it('a change of an entered result needs a reason before anything is sent', async () => {
    grant(...Object.values(PERM.result));
    const api = mockApi(analysisServer);
    const user = userEvent.setup();
    renderPage(<ResultEntryPage />, '/lims/result');
    const lead = await screen.findByRole('textbox', { name: /铅 结果/ });
    await user.clear(lead);
    await user.type(lead, '0.02{Enter}');
    expect(within(rowOf(lead)).getByText('超标')).toBeTruthy();
    expect(await screen.findByText(LIMS_MSG.reasonRequired)).toBeTruthy();
    expect(api.last('/lims/result/save')).toBeUndefined();

    await user.tab();
    const reason = screen.getByRole('textbox', { name: /铅 修改原因/ });
    expect(document.activeElement).toBe(reason);
    await user.type(reason, '复测{Enter}');
    await waitFor(() =>
      expect(api.last('/lims/result/save')?.body).toEqual({ id: 'a2', result: '0.02', reason: '复测', version: 1 }),
    );
  });

  it('says how many open analyses are beyond the first page instead of counting only those shown', async () => {
    grant(...Object.values(PERM.result));
    mockApi((c) => {
      const answer = analysisServer(c);
      if (c.path !== '/lims/result/list' || !answer) return answer;
      return ok({ records: (answer.body as { result: { records: unknown[] } }).result.records, total: 640 });
    });
    renderPage(<ResultEntryPage />, '/lims/result');
    expect(await screen.findByText(/共 640 条/)).toBeTruthy();
    expect(screen.getByText('显示最早到期的 2 条，其余 638 条在录入后刷新本页可见。')).toBeTruthy();
  });
});
