import { useState } from 'react';
import { Alert, App, Button, Empty, Input, Modal, Popconfirm, Select, Space } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { SuperQueryValue } from './super-query-value';
import {
  conditionError,
  MATCH_LABELS,
  RULE_LABELS,
  rulesFor,
  type MatchType,
  type QueryCondition,
  type QueryField,
  type SavedQuery,
  type SuperQuery,
} from './super-query';

type Props = {
  open: boolean;
  onClose: () => void;
  fields: readonly QueryField[];
  loading: boolean;
  /** The query in force (the dialog opens with it), or null. */
  current: SuperQuery | null;
  /** Applies a query; answers the server's message when it refused it (the dialog stays open). */
  onApply: (query: SuperQuery) => Promise<string | undefined>;
  saved: readonly SavedQuery[];
  onSaveAll: (queries: SavedQuery[]) => Promise<unknown>;
};

const EMPTY_ROW: QueryCondition = {};
const MAX_CONDITIONS = 50;
const MAX_SAVED = 50;

/** 高级查询构造器: rows of field / rule / value, 全部满足 or 任意满足, saved queries of this list. */
export function SuperQueryDialog({ open, onClose, fields, loading, current, onApply, saved, onSaveAll }: Props) {
  const { message } = App.useApp();
  const [matchType, setMatchType] = useState<MatchType>(current?.matchType ?? 'and');
  const [rows, setRows] = useState<QueryCondition[]>(current?.conditions.length ? current.conditions : [EMPTY_ROW]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [naming, setNaming] = useState<string | null>(null);
  const [picked, setPicked] = useState<string>();

  const setRow = (i: number, patch: Partial<QueryCondition>) => {
    setError(undefined);
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  };
  const query = (): SuperQuery => ({ matchType, conditions: rows });
  const check = (): string | undefined => {
    for (let i = 0; i < rows.length; i++) {
      const e = conditionError(rows[i], i, fields);
      if (e) return e;
    }
    return undefined;
  };

  const apply = async () => {
    const e = check();
    if (e) return setError(e);
    setBusy(true);
    try {
      const refused = await onApply(query());
      if (refused) setError(refused);
      else onClose();
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const name = (naming ?? '').trim();
    if (!name) return setError('请输入查询名称');
    if (name.length > 50) return setError('查询名称最多 50 个字符');
    const e = check();
    if (e) return setError(e);
    const others = saved.filter((q) => q.name !== name);
    if (others.length >= MAX_SAVED) return setError(`最多保存 ${MAX_SAVED} 个查询`);
    await onSaveAll([...others, { name, ...query() }]);
    setNaming(null);
    setPicked(name);
    message.success('保存成功');
  };

  const pick = (name: string) => {
    const q = saved.find((s) => s.name === name);
    if (!q) return;
    setPicked(name);
    setError(undefined);
    setMatchType(q.matchType);
    setRows(q.conditions.length ? q.conditions : [EMPTY_ROW]);
  };

  const remove = async (name: string) => {
    await onSaveAll(saved.filter((q) => q.name !== name));
    if (picked === name) setPicked(undefined);
    message.success('删除成功');
  };

  return (
    <Modal
      open={open}
      title="高级查询构造器"
      width={860}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          {naming === null ? (
            <Button onClick={() => setNaming(picked ?? '')}>保存查询</Button>
          ) : (
            <Space.Compact>
              <Input
                autoFocus
                aria-label="查询名称"
                placeholder="请输入查询名称"
                value={naming}
                maxLength={50}
                onChange={(e) => setNaming(e.target.value)}
                onPressEnter={() => void save()}
                style={{ width: 180 }}
              />
              <Button onClick={() => void save()}>确定</Button>
              <Button onClick={() => setNaming(null)}>取消</Button>
            </Space.Compact>
          )}
          <Button
            onClick={() => {
              setRows([EMPTY_ROW]);
              setMatchType('and');
              setPicked(undefined);
              setError(undefined);
            }}
          >
            重置
          </Button>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={busy} onClick={() => void apply()}>
            查询
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <span>匹配方式</span>
        <Select<MatchType>
          aria-label="匹配方式"
          style={{ width: 180 }}
          value={matchType}
          onChange={setMatchType}
          options={(['and', 'or'] as const).map((m) => ({ value: m, label: MATCH_LABELS[m] }))}
        />
        <span>已保存的查询</span>
        <Select<string>
          aria-label="已保存的查询"
          style={{ width: 240 }}
          placeholder={saved.length ? '选择已保存的查询' : '暂无保存的查询'}
          value={picked}
          onChange={pick}
          optionLabelProp="value"
          options={saved.map((q) => ({
            value: q.name,
            label: (
              <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <span>{q.name}</span>
                <Popconfirm title={`确定删除查询“${q.name}”吗？`} onConfirm={() => void remove(q.name)}>
                  <DeleteOutlined aria-label={`删除查询 ${q.name}`} onClick={(e) => e.stopPropagation()} />
                </Popconfirm>
              </span>
            ),
          }))}
        />
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
      {!loading && fields.length === 0 ? (
        <Empty description="该列表没有可用于高级查询的字段" />
      ) : (
        rows.map((row, i) => {
          const field = fields.find((f) => f.name === row.field);
          const n = `第 ${i + 1} 个条件`;
          return (
            <div key={i} style={{ display: 'flex', gap: 8, marginBottom: 8 }} data-condition={i + 1}>
              <Select<string>
                aria-label={`${n}的字段`}
                style={{ width: 200 }}
                placeholder="选择字段"
                loading={loading}
                showSearch={{ optionFilterProp: 'label' }}
                value={row.field}
                options={fields.map((f) => ({ value: f.name, label: f.label }))}
                onChange={(name) => {
                  const f = fields.find((x) => x.name === name);
                  setRow(i, { field: name, rule: f ? rulesFor(f.type)[0] : undefined, val: null });
                }}
              />
              <Select
                aria-label={`${n}的规则`}
                style={{ width: 130 }}
                placeholder="匹配规则"
                value={row.rule}
                disabled={!field}
                options={(field ? rulesFor(field.type) : []).map((r) => ({ value: r, label: RULE_LABELS[r] }))}
                onChange={(rule) => setRow(i, { rule, val: rule === 'in' || row.rule === 'in' ? null : row.val })}
              />
              <div style={{ flex: 1 }}>
                {row.rule === 'empty' || row.rule === 'not_empty' ? null : (
                  <SuperQueryValue
                    field={field}
                    rule={row.rule}
                    value={row.val}
                    label={`${n}的值`}
                    onChange={(val) => setRow(i, { val })}
                  />
                )}
              </div>
              <Button
                type="text"
                aria-label={`删除${n}`}
                icon={<MinusCircleOutlined />}
                disabled={rows.length === 1}
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              />
            </div>
          );
        })
      )}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={rows.length >= MAX_CONDITIONS || fields.length === 0}
        onClick={() => setRows((rs) => [...rs, EMPTY_ROW])}
      >
        添加条件
      </Button>
    </Modal>
  );
}
