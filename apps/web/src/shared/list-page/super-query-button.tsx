import { useState } from 'react';
import { Badge, Button, Space } from 'antd';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/api-client';
import { usePreference } from '../preferences/use-preference';
import { queryFieldsOf, readSaved, type SavedQuery, type ServerField } from './super-query';
import { SuperQueryDialog } from './super-query-dialog';
import type { SuperQueryController } from './use-super-query';

const FIELDS_URL = '/sys/list/fields';

/**
 * 高级查询 in a list's toolbar: opens the builder; while a query is in force the button is
 * highlighted with its number of conditions, and 清除高级查询 removes it.
 */
export function SuperQueryButton({ controller }: { controller: SuperQueryController }) {
  const [open, setOpen] = useState(false);
  const { listUrl, active } = controller;
  const described = useQuery({
    queryKey: ['list-fields', listUrl],
    queryFn: () => http.get<ServerField[]>(FIELDS_URL, { url: listUrl }, { silent: true }),
    enabled: open && Boolean(listUrl),
    staleTime: Infinity,
    retry: false,
  });
  const fields = queryFieldsOf(
    controller.searchFields,
    controller.columns,
    described.isSuccess ? described.data : undefined,
  );
  const saved = usePreference<SavedQuery[]>(controller.prefKey, []);
  const count = active?.conditions.length ?? 0;

  return (
    <>
      <Space.Compact>
        <Badge count={count} size="small" offset={[-4, 0]}>
          <Button
            icon={<FilterOutlined />}
            type={active ? 'primary' : 'default'}
            ghost={Boolean(active)}
            onClick={() => setOpen(true)}
            aria-label={active ? `高级查询（已生效 ${count} 个条件）` : '高级查询'}
          >
            高级查询
          </Button>
        </Badge>
        {active && (
          <Button icon={<CloseOutlined />} onClick={controller.clear} aria-label="清除高级查询" title="清除高级查询" />
        )}
      </Space.Compact>
      {open && (
        <SuperQueryDialog
          open
          onClose={() => setOpen(false)}
          fields={fields}
          loading={Boolean(listUrl) && described.isPending}
          current={active}
          onApply={(query) => controller.apply(query, fields)}
          saved={readSaved(saved.value)}
          onSaveAll={saved.save}
        />
      )}
    </>
  );
}
