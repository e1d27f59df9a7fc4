import { useState } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../http/api-error';
import type { ListParams } from './list-params';
import type { SearchField } from './search-fields';
import {
  labelMessage,
  savedQueriesKey,
  superQueryParams,
  type ColumnLike,
  type QueryField,
  type SuperQuery,
} from './super-query';

/** What the 高级查询 button needs of a list (useListPage builds it). */
export type SuperQueryController = {
  /** The list url, whose fields the server describes (`GET /sys/list/fields`). */
  listUrl?: string;
  searchFields: readonly SearchField[];
  columns: readonly ColumnLike[];
  /** Preference key of the saved queries: per user (the store) and per list (the route path). */
  prefKey: string;
  /** The query in force, or null. */
  active: SuperQuery | null;
  /** Tries the query on the list (one row); applies it when the server takes it, else answers its message. */
  apply: (query: SuperQuery, fields: readonly QueryField[]) => Promise<string | undefined>;
  clear: () => void;
};

type Applied = { query: SuperQuery; params: ReturnType<typeof superQueryParams> };

/**
 * The advanced query of one list: the query in force and the params it adds to the list call and
 * the export. `probe` runs the list with given params (one row), so a value the server refuses is
 * shown in the dialog instead of breaking the list.
 */
export function useSuperQuery(o: {
  listUrl?: string;
  searchFields: readonly SearchField[];
  columns: readonly ColumnLike[];
  syncUrl: boolean;
  probe?: (extra: ListParams) => Promise<unknown>;
  onChange: () => void;
}) {
  const { pathname } = useLocation();
  const [applied, setApplied] = useState<Applied | null>(null);
  const prefKey = savedQueriesKey(pathname, o.syncUrl ? false : o.listUrl);
  const controller: SuperQueryController = {
    listUrl: o.listUrl,
    searchFields: o.searchFields,
    columns: o.columns,
    prefKey,
    active: applied?.query ?? null,
    apply: async (query, fields) => {
      const params = superQueryParams(query, fields);
      try {
        await o.probe?.(params);
      } catch (err) {
        if (isApiError(err) && err.status === 400 && err.message) return labelMessage(err.message, fields);
        return '查询失败，请检查查询条件';
      }
      setApplied({ query, params });
      o.onChange();
      return undefined;
    },
    clear: () => {
      setApplied(null);
      o.onChange();
    },
  };
  return { controller, params: applied?.params ?? {} };
}
