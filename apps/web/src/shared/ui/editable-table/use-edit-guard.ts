import { useCallback, useMemo, useRef } from 'react';
import type { FormRule as Rule } from 'antd';
import { FINISH_EDIT_FIRST } from './editable-columns';

/**
 * Makes an antd Form refuse to submit while a row of its EditableTable is in edit mode:
 *
 *   const guard = useEditGuard();
 *   <Form.Item name="items" rules={[guard.rule]}>
 *     <EditableTable columns={columns} onEditingChange={guard.onEditingChange} />
 *   </Form.Item>
 */
export function useEditGuard(message: string = FINISH_EDIT_FIRST): {
  rule: Rule;
  onEditingChange: (editing: boolean) => void;
} {
  const editing = useRef(false);
  const onEditingChange = useCallback((next: boolean) => {
    editing.current = next;
  }, []);
  const rule = useMemo<Rule>(
    () => ({
      validator: () => (editing.current ? Promise.reject(new Error(message)) : Promise.resolve()),
    }),
    [message],
  );
  return { rule, onEditingChange };
}
