import { useState } from 'react';
import { AUDIT_FIELDS } from '@lims/contracts';
import { MODE_TITLE } from './list-messages';

/** add (新增), edit (编辑), detail (详情: read-only), clone (新增 from a copy of a record). */
export type FormMode = 'add' | 'edit' | 'detail' | 'clone';

type ModalState<T> = { open: boolean; mode: FormMode; record: Partial<T> | null; version: number };

/** A copy of a record for clone-add: id, createTime, createBy, updateTime, updateBy and version cleared. */
export function cloneRecord<T extends object>(record: T): Partial<T> {
  const copy = { ...record } as Record<string, unknown>;
  for (const f of AUDIT_FIELDS) delete copy[f];
  return copy as Partial<T>;
}

export type FormModalOptions<T> = {
  /**
   * Loads the record as stored now (e.g. queryById): the 刷新 of a stale edit (409) puts it into the form.
   * Without it, 刷新 closes the form and reloads the page's lists.
   */
  load?: (record: Partial<T>) => Promise<T>;
};

/**
 * The state of a list page's form modal: which mode, which record. `record` is the form's
 * starting point (for clone, already without its identity and audit fields).
 */
export function useFormModal<T extends object>(options: FormModalOptions<T> = {}) {
  const [state, setState] = useState<ModalState<T>>({ open: false, mode: 'add', record: null, version: 0 });
  const show = (mode: FormMode, record: Partial<T> | null) =>
    setState((s) => ({ open: true, mode, record, version: s.version + 1 }));
  return {
    ...state,
    title: MODE_TITLE[state.mode],
    /** add and clone create a record; edit changes `record`. */
    isNew: state.mode === 'add' || state.mode === 'clone',
    readOnly: state.mode === 'detail',
    add: (defaults?: Partial<T>) => show('add', defaults ?? null),
    edit: (record: T) => show('edit', record),
    detail: (record: T) => show('detail', record),
    clone: (record: T) => show('clone', cloneRecord(record)),
    close: () => setState((s) => ({ ...s, open: false })),
    /** Edit again from the record as stored now (after someone else saved it); undefined without a loader. */
    reload: options.load && state.record ? async () => show('edit', await options.load!(state.record!)) : undefined,
  };
}

export type FormModalController<T extends object> = ReturnType<typeof useFormModal<T>>;
