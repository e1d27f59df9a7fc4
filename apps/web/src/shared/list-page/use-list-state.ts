import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { initialListState, readListState, writeListState, type ListState, type ListStateOptions } from './list-params';

export type ListStateUpdate = (patch: Partial<ListState>) => void;

/**
 * A list's page, size, sort and search values. With `syncUrl` (the default for pages) they live
 * in the URL's search params, written with `replace` so tabs, back and F5 keep them and the tab
 * stays the same; without it (a list inside a drawer) they live in component state.
 */
export function useListState(options: ListStateOptions & { syncUrl: boolean }): [ListState, ListStateUpdate] {
  const { syncUrl, ...rest } = options;
  const optsKey = JSON.stringify(rest);
  const opts = useMemo(() => JSON.parse(optsKey) as ListStateOptions, [optsKey]);
  const [searchParams, setSearchParams] = useSearchParams();
  const urlKey = searchParams.toString();
  const fromUrl = useMemo(() => readListState(new URLSearchParams(urlKey), opts), [urlKey, opts]);
  const [local, setLocal] = useState(() => initialListState(opts));

  const update = useCallback<ListStateUpdate>(
    (patch) => {
      if (!syncUrl) {
        setLocal((s) => ({ ...s, ...patch }));
        return;
      }
      setSearchParams((prev) => writeListState({ ...readListState(prev, opts), ...patch }, prev, opts), {
        replace: true,
      });
    },
    [syncUrl, setSearchParams, opts],
  );

  return [syncUrl ? fromUrl : local, update];
}
