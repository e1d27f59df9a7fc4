import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Button, Col, Row, Select, theme } from 'antd';
import { Input } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import { DictSelect } from '../dict/dict-select';
import { loadChunk } from '../ui/chunk-load';
import { filtersToForm, type SearchField } from './search-fields';
import type { SearchFormProps } from './use-list-page';
import styles from './list-page.module.css';

/** Fields shown while collapsed: one row (three fields and the buttons on a wide screen). */
const ROW_FIELDS = 3;
const colSpan = { xs: 24, sm: 24, md: 12, lg: 8, xl: 6 } as const;
/** A date range needs room for two dates beside its label. */
const rangeSpan = { xs: 24, sm: 24, md: 12, lg: 12, xl: 8 } as const;

const SearchDateControl = lazy(() => loadChunk(() => import('./search-date-control')));

/** Stands in for a control while its script arrives, or while it is folded away (same size, not editable). */
const fallbackControl = (placeholder: string) => <Input readOnly placeholder={placeholder} />;

/** A control's change: an input's event or the value itself (select, date picker, custom). */
function changedValue(change: unknown): unknown {
  const target = (change as { target?: unknown } | null)?.target;
  return target && typeof target === 'object' && 'value' in target ? (target as { value: unknown }).value : change;
}

/** The control of a field, given its `id`, `value` and `onChange` through `rest`. */
function FieldControl({
  field,
  collapsed,
  ...rest
}: { field: SearchField; collapsed: boolean } & Record<string, unknown>) {
  switch (field.type) {
    case 'select':
      return <Select allowClear placeholder={field.placeholder ?? '请选择'} options={field.options} {...rest} />;
    case 'dict':
      return <DictSelect dictCode={field.dictCode} placeholder={field.placeholder ?? '请选择'} {...rest} />;
    case 'date':
    case 'dateRange': {
      const fallback = fallbackControl(field.placeholder ?? '请选择日期');
      // Folded away under 展开: the picker's script loads when the field is first shown.
      if (collapsed) return fallback;
      return (
        <Suspense fallback={fallback}>
          <SearchDateControl range={field.type === 'dateRange'} placeholder={field.placeholder} {...rest} />
        </Suspense>
      );
    }
    case 'custom': {
      // A custom control may load its script lazily (the department tree): as a date control, not before it shows.
      const fallback = fallbackControl(field.placeholder ?? '请选择');
      if (collapsed) return fallback;
      return <Suspense fallback={fallback}>{field.render({ ...rest, placeholder: field.placeholder })}</Suspense>;
    }
    default:
      return <Input allowClear placeholder={field.placeholder ?? `请输入${field.label}`} {...rest} />;
  }
}

/**
 * The collapsible search form: declared fields, 查询 / 重置, and 展开 / 收起 when the fields
 * need more than a row. It shows the list's current filters (from the URL). A plain form with
 * antd's horizontal form-item look: a search needs no validation, so antd Form (its field store
 * and validator) stays off every list page.
 */
export function SearchForm({ fields, filters, onSearch, onReset }: SearchFormProps) {
  const { token } = theme.useToken();
  const [values, setValues] = useState<Record<string, unknown>>(() => filtersToForm(fields, filters));
  const [expanded, setExpanded] = useState(false);
  // The list's filters changed (search, reset, the URL): show them.
  const source = { fields, filtersKey: JSON.stringify(filters) };
  const [shown, setShown] = useState(source);
  if (shown.fields !== source.fields || shown.filtersKey !== source.filtersKey) {
    setShown(source);
    setValues(filtersToForm(fields, filters));
  }

  if (fields.length === 0) return null;
  const collapsible = fields.length > ROW_FIELDS;
  const hidden = (i: number) => collapsible && !expanded && i >= ROW_FIELDS;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(values);
  };
  const reset = () => {
    setValues({});
    onReset();
  };
  const label = { color: token.colorTextHeading, fontSize: token.fontSize };

  return (
    <form className={styles.search} onSubmit={submit} noValidate role="search">
      <Row gutter={24}>
        {fields.map((f, i) => (
          <Col
            key={f.name}
            {...(f.type === 'dateRange' ? rangeSpan : colSpan)}
            style={hidden(i) ? { display: 'none' } : undefined}
          >
            <div className={styles.searchItem}>
              <label htmlFor={f.name} title={f.label} className={styles.searchLabel} style={label}>
                {f.label}
              </label>
              <div className={styles.searchControl}>
                <FieldControl
                  field={f}
                  collapsed={hidden(i)}
                  id={f.name}
                  value={values[f.name]}
                  onChange={(change: unknown) => setValues((v) => ({ ...v, [f.name]: changedValue(change) }))}
                />
              </div>
            </div>
          </Col>
        ))}
        <Col {...colSpan}>
          <div className={styles.searchItem}>
            <span className={styles.searchButtons}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                重置
              </Button>
              {collapsible && (
                <a role="button" onClick={() => setExpanded((e) => !e)}>
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
          </div>
        </Col>
      </Row>
    </form>
  );
}
