import { App } from 'antd';
import type { Key } from 'react';
import { requestEnvelope } from '../http/api-client';
import { LIST_MSG } from './list-messages';
import { reportError } from './report-error';

/** The delete calls' query when it is not `?id=` / `?ids=a,b` (e.g. a link row: `?roleId=&userId=`). */
export type DeleteQuery = {
  one: (id: Key) => Record<string, string>;
  many: (ids: Key[]) => Record<string, string>;
};

type Options = {
  deleteUrl?: string;
  deleteBatchUrl?: string;
  query?: DeleteQuery;
  selectedKeys: readonly Key[];
  /** Called with the keys that are gone, after the server confirmed the delete. */
  onDeleted: (removed: Key[]) => Promise<unknown>;
};

/**
 * Delete (DELETE `deleteUrl?id=`) and batch delete (DELETE `deleteBatchUrl?ids=a,b` after 确认删除 /
 * 是否删除选中数据?), with SPEC section 8's messages for a missing url and 请选择一条记录！.
 * The single delete is confirmed by the caller (the 删除 link's 确定删除吗?).
 */
export function useListDelete({ deleteUrl, deleteBatchUrl, query, selectedKeys, onDeleted }: Options) {
  const { message, modal } = App.useApp();

  const call = async (path: string, params: Record<string, string>, removed: Key[]) => {
    try {
      const env = await requestEnvelope<unknown>(path, { method: 'DELETE', params, silent: true });
      message.success(env.message || '删除成功！');
      await onDeleted(removed);
    } catch (err) {
      reportError(err, message);
    }
  };

  const remove = async (id: Key) => {
    if (!deleteUrl) {
      message.error(LIST_MSG.missingDeleteUrl);
      return;
    }
    await call(deleteUrl, query ? query.one(id) : { id: String(id) }, [id]);
  };

  const removeBatch = () => {
    if (!deleteBatchUrl) {
      message.error(LIST_MSG.missingDeleteBatchUrl);
      return;
    }
    if (selectedKeys.length === 0) {
      message.warning(LIST_MSG.selectOne);
      return;
    }
    const ids = [...selectedKeys];
    modal.confirm({
      title: LIST_MSG.batchDeleteTitle,
      content: LIST_MSG.batchDeleteContent,
      okText: '确定',
      cancelText: '取消',
      onOk: () => call(deleteBatchUrl, query ? query.many(ids) : { ids: ids.join(',') }, ids),
    });
  };

  return { remove, removeBatch };
}
