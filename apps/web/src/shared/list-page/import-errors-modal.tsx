import { Modal, Table } from 'antd';
import type { ImportReport, ImportRowError } from './import-report';

/** The per-row report of a refused import: 行号 / 字段 / 错误信息. Nothing was written. */
export function ImportErrorsModal({ report, onClose }: { report: ImportReport | null; onClose: () => void }) {
  return (
    <Modal
      open={report !== null}
      title={report ? `${report.fileName} 导入失败` : ''}
      onCancel={onClose}
      onOk={onClose}
      okText="知道了"
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
      destroyOnHidden
    >
      {report && (
        <>
          <p>{report.message}（未导入任何数据，请修改后重新导入）</p>
          <Table<ImportRowError & { key: number }>
            size="small"
            bordered
            dataSource={report.errors.map((e, key) => ({ ...e, key }))}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
            columns={[
              { title: '行号', dataIndex: 'row', width: 80, align: 'center' },
              { title: '字段', dataIndex: 'field', width: 160 },
              { title: '错误信息', dataIndex: 'message' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
