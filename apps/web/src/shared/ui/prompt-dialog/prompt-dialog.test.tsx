import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../test-support/render-ui';
import { usePrompt, type PromptOptions } from './prompt-dialog';

const options: PromptOptions = {
  title: '重命名',
  label: '名称',
  rules: [
    { required: true, message: '请输入名称' },
    { max: 5, message: '名称不能超过5个字' },
  ],
};

function Harness({ onResult }: { onResult: (v: string | null) => void }) {
  const { prompt, holder } = usePrompt();
  return (
    <>
      <button type="button" onClick={() => void prompt(options).then(onResult)}>
        打开
      </button>
      {holder}
    </>
  );
}

// antd in jsdom is slow on a busy machine: generous per-test time.
describe('usePrompt / <PromptDialog>', { timeout: 30_000 }, () => {
  it('keeps the dialog open until the value passes the rules, then resolves with it', async () => {
    const user = userEvent.setup();
    const results: Array<string | null> = [];
    renderUi(<Harness onResult={(v) => results.push(v)} />);
    await user.click(screen.getByRole('button', { name: '打开' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('重命名');

    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '一二三四五六' } });
    expect(await screen.findByText('名称不能超过5个字')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(results).toEqual([]);

    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '样品' } });
    await user.type(screen.getByLabelText('名称'), 'A{Enter}');
    await waitFor(() => expect(results).toEqual(['样品A']));
  });

  it('resolves null when cancelled', async () => {
    const user = userEvent.setup();
    const results: Array<string | null> = [];
    renderUi(<Harness onResult={(v) => results.push(v)} />);
    await user.click(screen.getByRole('button', { name: '打开' }));
    await user.click(await screen.findByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(results).toEqual([null]));
  });
});
