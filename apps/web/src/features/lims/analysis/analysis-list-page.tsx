import { useState } from 'react';
import { PERM, type AnalysisRecord } from '@lims/contracts';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListPage } from '../../../shared/list-page/use-list-page';
import { ANALYSIS_URL } from './api';
import { analysisColumns } from './analysis-columns';
import { analysisListSource } from './analysis-list-source';
import { AnalysisDrawer } from './analysis-drawer';
import { AssignModal } from './assign-modal';

/** 检测任务 (menu component lims/AnalysisList): every analysis, 分配 one or many, export, 历史记录. */
export default function AnalysisListPage() {
  const [assigning, setAssigning] = useState<AnalysisRecord[] | null>(null);
  const [shown, setShown] = useState<AnalysisRecord | null>(null);
  const list = useListPage<AnalysisRecord>({
    ...analysisListSource,
    exportUrl: ANALYSIS_URL.exportXls,
    exportName: '检测任务',
    columns: analysisColumns,
    selectable: true,
    inlineActions: 2,
    rowActions: (r) => [
      { key: 'assign', label: '分配', code: PERM.analysis.assign, onClick: () => setAssigning([r]) },
      { key: 'detail', label: '详情', onClick: () => setShown(r) },
    ],
  });
  const chosen = list.selection.rows;
  return (
    <ListPage
      list={list}
      toolbar={{
        export: { code: PERM.analysis.export },
        import: false,
        batch: {
          code: PERM.analysis.assign,
          delete: false,
          items: [
            { key: 'assign', label: '批量分配', code: PERM.analysis.assign, onClick: () => setAssigning(chosen) },
          ],
        },
      }}
    >
      <AssignModal rows={assigning} onClose={() => setAssigning(null)} />
      <AnalysisDrawer record={shown} onClose={() => setShown(null)} />
    </ListPage>
  );
}
