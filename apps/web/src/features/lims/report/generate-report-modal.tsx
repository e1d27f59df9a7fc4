import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { reportError } from '../../../shared/list-page/report-error';
import { candidatesQuery, projectOptionsQuery, useReportAction, type ReportCandidate } from './api';

type Props = { open: boolean; onClose: () => void };
type Scope = 'project' | 'samples';

const columns: TableColumnsType<ReportCandidate> = [
  { title: '样品编号', dataIndex: 'sampleNo', width: 160 },
  { title: '样品名称', dataIndex: 'name' },
  { title: '样品状态', dataIndex: 'status_dictText', width: 90, align: 'center' },
  {
    title: '复核进度',
    key: 'progress',
    width: 130,
    align: 'center',
    render: (_, r) =>
      r.ready ? (
        <Tag color="success">已全部复核</Tag>
      ) : (
        <Tag color={r.analysisCount === 0 ? 'default' : 'warning'}>
          {r.analysisCount === 0 ? '无检测任务' : `${r.verifiedCount}/${r.analysisCount} 已复核`}
        </Tag>
      ),
  },
];

/** 生成报告: a project (all its analysed samples) or chosen samples of it, each fully verified. */
export function GenerateReportModal({ open, onClose }: Props) {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [projectId, setProjectId] = useState<string>();
  const [scope, setScope] = useState<Scope>('project');
  const [chosen, setChosen] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string>();
  const action = useReportAction();
  const projects = useQuery({ ...projectOptionsQuery(keyword), enabled: open });
  const candidates = useQuery({ ...candidatesQuery(projectId ?? ''), enabled: open && Boolean(projectId) });
  const rows = candidates.data ?? [];
  const analysed = rows.filter((r) => r.analysisCount > 0 && r.status !== '5');
  const blocking = analysed.filter((r) => !r.ready);

  const reset = () => {
    setProjectId(undefined);
    setScope('project');
    setChosen([]);
    setRemark('');
    setError(undefined);
    setKeyword('');
  };
  const submit = () => {
    if (!projectId) return setError('请选择检测项目！');
    if (scope === 'samples' && chosen.length === 0) return setError('请选择要出报告的样品！');
    const body = {
      projectId,
      remark: remark.trim() || undefined,
      ...(scope === 'samples' ? { sampleIds: chosen } : {}),
    };
    action.mutate(
      { kind: 'generate', body },
      {
        onSuccess: (text) => {
          void message.success(text);
          onClose();
        },
        onError: (err) => reportError(err, message),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="生成报告"
      width={760}
      okText="生成"
      onOk={submit}
      confirmLoading={action.isPending}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="检测项目" required>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            allowClear
            placeholder="输入项目编号或名称搜索"
            value={projectId}
            loading={projects.isFetching}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` }))}
            onChange={(v: string | undefined) => {
              setProjectId(v);
              setChosen([]);
              setError(undefined);
            }}
            aria-label="检测项目"
          />
        </Form.Item>
        <Form.Item label="报告范围">
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
            <Radio value="project">整个项目（全部已检测样品）</Radio>
            <Radio value="samples">所选样品</Radio>
          </Radio.Group>
        </Form.Item>
        {projectId && scope === 'project' && blocking.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={`有 ${blocking.length} 个样品的检测结果尚未全部复核，不能按整个项目出报告；可改为“所选样品”。`}
          />
        )}
        {projectId && (
          <Table<ReportCandidate>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={candidates.isFetching}
            pagination={false}
            scroll={{ y: 260, x: 560 }}
            style={{ marginBottom: 12 }}
            rowSelection={
              scope === 'samples'
                ? {
                    selectedRowKeys: chosen,
                    onChange: (keys) => setChosen(keys.map(String)),
                    getCheckboxProps: (r) => ({ disabled: !r.ready, 'aria-label': r.sampleNo }),
                  }
                : undefined
            }
          />
        )}
        <Form.Item label="备注" style={{ marginBottom: 0 }}>
          <Input.TextArea rows={2} maxLength={500} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
        {error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} />}
      </Form>
    </Modal>
  );
}
