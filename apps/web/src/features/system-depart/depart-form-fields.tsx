import { Form, Input, InputNumber, Radio } from 'antd';
import { DEPART_MSG, DEPART_PHONE_PATTERN, departFormSchema } from '@lims/contracts';
import { schemaRule } from '../../shared/form/schema-rule';
import { useDictOptions } from '../../shared/dict/use-dict-options';

/** 机构类型 (dictionary org_category): 公司 for a top-level unit, 部门 / 岗位 below one. */
export const ORG_CATEGORY_DICT = 'org_category';
const TOP_CATEGORIES = ['1'];
const CHILD_CATEGORIES = ['2', '3'];

/** The default 机构类型 of a new department. */
export const defaultCategory = (topLevel: boolean) => (topLevel ? '1' : '2');

function OrgCategoryRadio({ topLevel, ...rest }: { topLevel: boolean } & Record<string, unknown>) {
  const { items } = useDictOptions(ORG_CATEGORY_DICT);
  const allowed = topLevel ? TOP_CATEGORIES : CHILD_CATEGORIES;
  const options = items.filter((i) => allowed.includes(i.value)).map((i) => ({ label: i.text, value: i.value }));
  return <Radio.Group options={options} {...rest} />;
}

const phoneRules = [{ pattern: DEPART_PHONE_PATTERN, message: DEPART_MSG.mobileFormat }];

type Props = {
  topLevel: boolean;
  /** The parent's name (上级部门, read-only); the field is left out when null. */
  parentName: string | null;
  /** 基本信息 shows the generated 机构编码. */
  edit?: boolean;
};

/**
 * The department form's fields (the add modal and the 基本信息 tab): 机构名称, 上级部门,
 * 机构编码, 机构类型, 排序, 电话, 传真, 地址, 备注.
 */
export function DepartFormFields({ topLevel, parentName, edit = false }: Props) {
  return (
    <>
      <Form.Item
        name="departName"
        label="机构名称"
        rules={[{ required: true, whitespace: true, message: DEPART_MSG.nameRequired }]}
      >
        <Input placeholder="请输入机构/部门名称" maxLength={100} />
      </Form.Item>
      {parentName !== null && (
        <Form.Item label="上级部门">
          <Input value={parentName} readOnly variant="filled" placeholder="无（一级部门）" aria-label="上级部门" />
        </Form.Item>
      )}
      {edit && (
        <Form.Item name="orgCode" label="机构编码">
          <Input disabled placeholder="由系统生成" />
        </Form.Item>
      )}
      <Form.Item
        name="orgCategory"
        label="机构类型"
        rules={[{ required: true, message: DEPART_MSG.orgCategoryRequired }]}
      >
        <OrgCategoryRadio topLevel={topLevel} />
      </Form.Item>
      <Form.Item name="departOrder" label="排序" rules={[schemaRule(departFormSchema.shape.departOrder)]}>
        <InputNumber style={{ width: '100%' }} placeholder="请输入排序" />
      </Form.Item>
      <Form.Item name="mobile" label="电话" rules={phoneRules}>
        <Input placeholder="请输入电话" maxLength={32} />
      </Form.Item>
      <Form.Item name="fax" label="传真" rules={phoneRules}>
        <Input placeholder="请输入传真" maxLength={32} />
      </Form.Item>
      <Form.Item name="address" label="地址">
        <Input placeholder="请输入地址" maxLength={100} />
      </Form.Item>
      <Form.Item name="memo" label="备注">
        <Input.TextArea placeholder="请输入备注" rows={3} maxLength={500} />
      </Form.Item>
    </>
  );
}
