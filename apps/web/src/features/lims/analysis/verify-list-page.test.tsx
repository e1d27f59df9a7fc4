import '../../../shared/ui/test-support/jsdom-stubs';
import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERM } from '@lims/contracts';
import { grant, mockApi, renderPage } from '../../../shared/list-page/test-utils';
import { analysisServer } from './analysis-test-data';
import VerifyListPage from './verify-list-page';

configure({ asyncUtilTimeout: 8000 });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('结果复核', { timeout: 40_000 }, () => {
  it('offers 复核通过 and 退回 only on results the user may verify; 退回 asks for the reason', async () => {
    grant(...Object.values(PERM.verify), ...Object.values(PERM.analysis));
    const api = mockApi(analysisServer);
    const user = userEvent.setup();
    renderPage(<VerifyListPage />, '/lims/verify');
    await screen.findByText('浊度');
    expect(within(rowOf('浊度')).queryByText('复核通过')).toBeNull();
    expect(within(rowOf('浊度')).queryByText('退回')).toBeNull();
    const lead = rowOf('铅');
    expect(within(lead).getByText('复核通过')).toBeTruthy();

    await user.click(within(lead).getByText('退回'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写退回原因！')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), '平行样偏差过大');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.last('/lims/verify/reject')?.body).toEqual({ id: 'a2', reason: '平行样偏差过大', version: 1 }),
    );
    expect(await screen.findByText('已退回，检测员将收到通知！')).toBeTruthy();
  });

  it('复核通过 after the confirmation', async () => {
    grant(...Object.values(PERM.verify));
    const api = mockApi(analysisServer);
    const user = userEvent.setup();
    renderPage(<VerifyListPage />, '/lims/verify');
    await screen.findByText('铅');
    await user.click(within(rowOf('铅')).getByText('复核通过'));
    const confirm = await screen.findByRole('button', { name: /确\s*定|OK/ });
    await user.click(confirm);
    await waitFor(() => expect(api.last('/lims/verify/verify')?.body).toEqual({ id: 'a2', version: 1 }));
    expect(await screen.findByText('复核通过！')).toBeTruthy();
  });
});
