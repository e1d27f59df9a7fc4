/**
 * Layouts of modal forms. Two columns from the `sm` breakpoint (576 px) up; on a phone every field takes a
 * row of its own with its label above it (antd Grid's responsive props, no media queries per form).
 *
 * `<Row gutter={16}>`, then `<Col {...HALF_COL}>` + `<Form.Item {...HALF_ITEM}>` per half-width field and
 * `<Col {...FULL_COL}>` + `<Form.Item {...FULL_ITEM}>` per full-width one (its label lines up with the halves).
 */
export const HALF_COL = { xs: 24, sm: 12 } as const;
export const FULL_COL = { span: 24 } as const;

/** Label above the input on a phone, beside it from `sm` up. */
const labelled = (label: number, wrapper: number) =>
  ({
    labelCol: { xs: { span: 24 }, sm: { span: label } },
    wrapperCol: { xs: { span: 24 }, sm: { span: wrapper } },
  }) as const;

export const HALF_ITEM = labelled(8, 16);
export const FULL_ITEM = labelled(4, 20);

/** The one-column modal form's default (FormModal): label 5/24, input 16/24; stacked on a phone. */
const ONE_COLUMN = labelled(5, 16);
export const FORM_LABEL = ONE_COLUMN.labelCol;
export const FORM_WRAPPER = ONE_COLUMN.wrapperCol;

/** The wide forms (检测项目): half-width 6 + 17, full-width 3 + 20 — 6/24 of a half is 3/24 of the whole. */
export const WIDE_HALF_ITEM = labelled(6, 17);
export const WIDE_FULL_ITEM = labelled(3, 20);
