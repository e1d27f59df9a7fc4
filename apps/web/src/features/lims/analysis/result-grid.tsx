import { useRef, useState, type KeyboardEvent } from 'react';
import { App, Input, Table, Typography } from 'antd';
import type { InputRef, TableColumnsType } from 'antd';
import {
  ANALYSIS_MSG,
  ANALYSIS_STATUS,
  LIMS_MSG,
  hasNumericLimits,
  isOutOfSpec,
  resultNumber,
  type AnalysisRecord,
} from '@lims/contracts';
import { reportError } from '../../../shared/list-page/report-error';
import { useSaveResult } from './api';
import { AnalysisStatus, SpecFlag, limitsOf } from './analysis-columns';

type Draft = { result?: string; reason?: string };

/** What the row would send: the typed result (or the stored one) and the reason. */
const typedResult = (r: AnalysisRecord, d: Draft | undefined) => d?.result ?? r.result ?? '';

/**
 * The first problem of a row as typed (shown under the cells and refused before sending): the same
 * checks the server makes, from the same contracts functions.
 */
export function rowProblem(r: AnalysisRecord, d: Draft | undefined): string | undefined {
  const result = typedResult(r, d).trim();
  if (!result) return ANALYSIS_MSG.resultRequired;
  if (hasNumericLimits(r) && resultNumber(result) === null) return ANALYSIS_MSG.resultNotNumber;
  if (r.status !== ANALYSIS_STATUS.open && result === r.result) return ANALYSIS_MSG.resultUnchanged;
  if (r.result != null && !d?.reason?.trim()) return LIMS_MSG.reasonRequired;
  return undefined;
}

/**
 * 结果录入 as a keyboard-first grid: type the result, Tab to the next cell (the reason, where a
 * result is already there, then the next row), Enter saves the row and moves to the next one.
 * 超标 shows while typing, judged by the one contracts rule the server uses.
 */
export function ResultGrid({ rows, loading }: { rows: AnalysisRecord[]; loading: boolean }) {
  const { message } = App.useApp();
  const save = useSaveResult();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [tried, setTried] = useState<Record<string, boolean>>({});
  const inputs = useRef(new Map<string, InputRef>());

  const edit = (id: string, patch: Draft) => setDrafts((all) => ({ ...all, [id]: { ...all[id], ...patch } }));
  const focusAfter = (id: string) => {
    const i = rows.findIndex((r) => r.id === id);
    const next = rows[i + 1];
    if (next) inputs.current.get(next.id)?.focus({ cursor: 'all' });
  };

  const saveRow = (r: AnalysisRecord) => {
    const d = drafts[r.id];
    setTried((all) => ({ ...all, [r.id]: true }));
    const problem = rowProblem(r, d);
    if (problem) {
      message.warning(problem);
      return;
    }
    save.mutate(
      { id: r.id, result: typedResult(r, d).trim(), reason: d?.reason?.trim() || undefined, version: r.version },
      {
        onSuccess: ({ message: text, result }) => {
          if (result.outOfSpec) message.warning(text);
          else message.success(text);
          setDrafts(({ [r.id]: _saved, ...rest }) => rest);
          setTried(({ [r.id]: _t, ...rest }) => rest);
          focusAfter(r.id);
        },
        onError: (err) => reportError(err, message),
      },
    );
  };

  const onKey = (r: AnalysisRecord) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      saveRow(r);
    } else if (e.key === 'Escape') {
      setDrafts(({ [r.id]: _dropped, ...rest }) => rest);
    }
  };

  const columns: TableColumnsType<AnalysisRecord> = [
    {
      title: '样品 / 检测项目',
      key: 'item',
      width: 130,
      render: (_, r) => (
        <>
          <Typography.Text strong>{r.itemName}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.sampleNo}
          </Typography.Text>
        </>
      ),
    },
    { title: '样品名称', dataIndex: 'sampleName', width: 110, ellipsis: true, responsive: ['md'] },
    { title: '检测标准/方法', dataIndex: 'standard', width: 130, ellipsis: true, responsive: ['xl'] },
    { title: '单位', dataIndex: 'unit', width: 70, responsive: ['sm'] },
    { title: '限值', key: 'limits', width: 80, render: (_, r) => limitsOf(r) },
    {
      title: '结果',
      key: 'result',
      width: 120,
      render: (_, r) => {
        const value = typedResult(r, drafts[r.id]);
        const flag = isOutOfSpec(value, r);
        const bad = hasNumericLimits(r) && value.trim() !== '' && resultNumber(value) === null;
        return (
          <Input
            ref={(el) => {
              if (el) inputs.current.set(r.id, el);
              else inputs.current.delete(r.id);
            }}
            aria-label={`${r.sampleNo ?? ''} ${r.itemName} 结果`}
            value={value}
            status={bad || flag ? 'error' : undefined}
            maxLength={100}
            onChange={(e) => edit(r.id, { result: e.target.value })}
            onKeyDown={onKey(r)}
          />
        );
      },
    },
    {
      title: '判定',
      key: 'flag',
      width: 64,
      align: 'center',
      render: (_, r) => <SpecFlag outOfSpec={isOutOfSpec(typedResult(r, drafts[r.id]), r)} />,
    },
    {
      title: '修改原因',
      key: 'reason',
      width: 170,
      render: (_, r) =>
        r.result == null ? (
          <Typography.Text type="secondary">首次录入无需填写</Typography.Text>
        ) : (
          <Input
            aria-label={`${r.sampleNo ?? ''} ${r.itemName} 修改原因`}
            placeholder="修改结果时必填"
            value={drafts[r.id]?.reason ?? ''}
            maxLength={500}
            status={tried[r.id] && !drafts[r.id]?.reason?.trim() ? 'error' : undefined}
            onChange={(e) => edit(r.id, { reason: e.target.value })}
            onKeyDown={onKey(r)}
          />
        ),
    },
    { title: '状态', key: 'status', width: 110, render: (_, r) => <AnalysisStatus record={r} /> },
    { title: '计划完成日期', dataIndex: 'dueDate', width: 110, responsive: ['xxl'] },
  ];

  return (
    <Table<AnalysisRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      sticky
    />
  );
}
