import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import { DictSelect } from '../dict/dict-select';
import { SearchDateControl } from './search-date-control';
import { filtersToForm, type SearchField } from './search-fields';
import type { SearchFormProps } from './use-list-page';
import styles from './list-page.module.css';
import { PRESSABLE } from '../ui/pressable';

/** Fields shown while collapsed: one row (three fields and the buttons on a wide screen). */
const ROW_FIELDS = 3;
const colSpan = { xs: 24, sm: 24, md: 12, lg: 8, xl: 6 } as const;
/** A date range needs room for two dates beside its label. */
const rangeSpan = { xs: 24, sm: 24, md: 12, lg: 12, xl: 8 } as const;
const ITEM_STYLE = { marginBottom: 16 } as const;

/** The control of a field; antd's Form.Item gives it `id`, `value` and `onChange` through `rest`. */
function FieldControl({ field, ...rest }: { field: SearchField } & Record<string, unknown>) {
  switch (field.type) {
    case 'select':
      return <Select allowClear placeholder={field.placeholder ?? '请选择'} options={field.options} {...rest} />;
    case 'dict':
      return <DictSelect dictCode={field.dictCode} placeholder={field.placeholder ?? '请选择'} {...rest} />;
    case 'date':
    case 'dateRange':
      return <SearchDateControl range={field.type === 'dateRange'} placeholder={field.placeholder} {...rest} />;
    case 'custom':
      if (field.render) return field.render({ ...rest, placeholder: field.placeholder });
      return <Input allowClear placeholder={field.placeholder ?? `请输入${field.label}`} {...rest} />;
    default:
      return <Input allowClear placeholder={field.placeholder ?? `请输入${field.label}`} {...rest} />;
  }
}

/**
 * The collapsible search form (antd Form, horizontal items): declared fields, 查询 / 重置, and
 * 展开 / 收起 when the fields need more than a row. It shows the list's current filters (from the URL).
 */
export function SearchForm(props: SearchFormProps) {
  const { fields, filters } = props;
  const [form] = Form.useForm<Record<string, unknown>>();
  const [expanded, setExpanded] = useState(false);
  // The list's filters changed (search, reset, the URL): show them.
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    form.setFieldsValue(filtersToForm(fields, JSON.parse(filtersKey) as Record<string, string>));
  }, [form, fields, filtersKey]);

  if (fields.length === 0) return null;
  const collapsible = fields.length > ROW_FIELDS;
  const hidden = (i: number) => collapsible && !expanded && i >= ROW_FIELDS;
  const reset = () => {
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, undefined])));
    props.onReset();
  };

  return (
    <Form
      form={form}
      className={styles.search}
      initialValues={filtersToForm(fields, filters)}
      onFinish={(values) => props.onSearch(values)}
      role="search"
    >
      <Row gutter={24}>
        {fields.map((f, i) => (
          <Col
            key={f.name}
            {...(f.type === 'dateRange' ? rangeSpan : colSpan)}
            style={hidden(i) ? { display: 'none' } : undefined}
          >
            <Form.Item name={f.name} label={f.label} style={ITEM_STYLE}>
              <FieldControl field={f} />
            </Form.Item>
          </Col>
        ))}
        <Col {...colSpan}>
          <Form.Item style={ITEM_STYLE}>
            <span className={styles.searchButtons}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                重置
              </Button>
              {collapsible && (
                <a role="button" {...PRESSABLE} onClick={() => setExpanded((e) => !e)}>
                  {expanded ? (
                    <>
                      收起 <UpOutlined />
                    </>
                  ) : (
                    <>
                      展开 <DownOutlined />
                    </>
                  )}
                </a>
              )}
            </span>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
