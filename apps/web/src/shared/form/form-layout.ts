/**
 * Form.Item layouts of a two-column modal form (`<Row gutter={16}>`, `<Col span={12}>` per field):
 * half-width fields, and full-width ones (`<Col span={24}>`) whose labels line up with them.
 */
export const HALF_ITEM = { labelCol: { span: 8 }, wrapperCol: { span: 16 } } as const;
export const FULL_ITEM = { labelCol: { span: 4 }, wrapperCol: { span: 20 } } as const;
