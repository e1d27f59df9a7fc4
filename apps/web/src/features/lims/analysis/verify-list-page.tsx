import { useState } from 'react';
import { App } from 'antd';
import { ANALYSIS_MSG, PERM, type AnalysisRecord } from '@lims/contracts';
import { ListPage } from '../../../shared/list-page/list-page';
import { reportError } from '../../../shared/list-page/report-error';
import { useListPage } from '../../../shared/list-page/use-list-page';
import { usePrompt } from '../../../shared/ui/prompt-dialog/prompt-dialog';
import { useReject, useVerify } from './api';
import { verifyColumns } from './analysis-columns';
import { verifyListSource } from './analysis-list-source';
import { AnalysisDrawer } from './analysis-drawer';

/**
 * 结果复核 (menu component lims/VerifyList): results waiting for verification. 复核通过 and 退回 are
 * offered only on results the user may verify (never their own; the server refuses it too).
 */
export default function VerifyListPage() {
  const { message } = App.useApp();
  const verify = useVerify();
  const reject = useReject();
  const { prompt, holder } = usePrompt();
  const [shown, setShown] = useState<AnalysisRecord | null>(null);

  const done = {
    onSuccess: ({ message: text }: { message: string }) => message.success(text),
    onError: (e: unknown) => reportError(e, message),
  };
  const askReject = async (r: AnalysisRecord) => {
    const reason = await prompt({
      title: `退回 ${r.sampleNo ?? ''} ${r.itemName}`,
      label: '退回原因（将通知检测员）',
      rules: [{ required: true, whitespace: true, message: ANALYSIS_MSG.rejectReasonRequired }, { max: 500 }],
    });
    if (reason !== null) reject.mutate({ id: r.id, reason, version: r.version }, done);
  };

  const list = useListPage<AnalysisRecord>({
    ...verifyListSource,
    columns: verifyColumns,
    inlineActions: 2,
    actionsWidth: 200,
    rowActions: (r) => [
      ...(r.canVerify
        ? [
            {
              key: 'verify',
              label: '复核通过',
              code: PERM.verify.verify,
              confirm: `确定复核通过「${r.itemName}：${r.result ?? ''}」吗？`,
              onClick: () => verify.mutate({ id: r.id, version: r.version }, done),
            },
            { key: 'reject', label: '退回', code: PERM.verify.verify, danger: true, onClick: () => void askReject(r) },
          ]
        : []),
      { key: 'detail', label: '详情', onClick: () => setShown(r) },
    ],
  });

  return (
    <ListPage list={list} toolbar={{ batch: false }}>
      {holder}
      <AnalysisDrawer record={shown} onClose={() => setShown(null)} />
    </ListPage>
  );
}
