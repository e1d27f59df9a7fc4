import dayjs, { type Dayjs } from 'dayjs';
import { PROJECT_STATUS, type ProjectDetail } from '@lims/contracts';
import { newRowKey, type EditableRow } from '../../shared/ui/editable-table/editable-columns';

/** A row of 检测明细 in the editable table (`codeLines` is the count 数量). */
export type ItemRow = EditableRow & {
  itemName?: string;
  standard?: string | null;
  codeLines?: number | null;
  unit?: string | null;
  specMin?: number | null;
  specMax?: number | null;
  specText?: string | null;
  remark?: string | null;
};

/** The form's values: dates as dayjs, test items as table rows. */
export type ProjectFormValues = {
  /** The version the edit started from (FormModal adds it). */
  version?: number;
  projectNo?: string | null;
  name?: string;
  customerUnitId?: string;
  contactName?: string | null;
  contactPhone?: string | null;
  testType?: string | null;
  managerId?: string | null;
  departId?: string | null;
  startDate?: Dayjs | null;
  dueDate?: Dayjs | null;
  status?: string;
  amount?: number | null;
  remark?: string | null;
  items?: ItemRow[];
};

const DATE = 'YYYY-MM-DD';
const day = (s: string | null | undefined) => (s ? dayjs(s, DATE) : null);
const blank = <T>(v: T | undefined | null) => (v === undefined || v === '' ? null : v);

/**
 * A saved project → form values. `isNew` (clone-add) starts a new project from it: no number, status
 * 待受理, the items copied without their ids.
 */
export function toFormValues(record: Partial<ProjectDetail> | null, isNew: boolean): ProjectFormValues {
  if (!record) return { status: PROJECT_STATUS.pending, items: [] };
  const items = (record.items ?? []).map((item): ItemRow => ({
    key: isNew ? newRowKey() : item.id,
    ...(isNew ? {} : { id: item.id }),
    itemName: item.itemName,
    standard: item.standard,
    codeLines: item.codeLines,
    unit: item.unit,
    specMin: item.specMin,
    specMax: item.specMax,
    specText: item.specText,
    remark: item.remark,
  }));
  return {
    projectNo: isNew ? null : record.projectNo,
    name: record.name,
    customerUnitId: record.customerUnitId ?? undefined,
    contactName: record.contactName,
    contactPhone: record.contactPhone,
    testType: record.testType,
    managerId: record.managerId,
    departId: record.departId,
    startDate: day(record.startDate),
    dueDate: day(record.dueDate),
    status: isNew ? PROJECT_STATUS.pending : record.status,
    amount: record.amount ?? null,
    remark: record.remark,
    items,
  };
}

/** Form values → the body of 添加 (no id, no status: the server numbers it and starts it 待受理) or 编辑. */
export function toSaveBody(values: ProjectFormValues, id?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name,
    customerUnitId: values.customerUnitId,
    contactName: blank(values.contactName),
    contactPhone: blank(values.contactPhone),
    testType: blank(values.testType),
    managerId: blank(values.managerId),
    departId: blank(values.departId),
    startDate: values.startDate ? values.startDate.format(DATE) : null,
    dueDate: values.dueDate ? values.dueDate.format(DATE) : null,
    amount: values.amount ?? null,
    remark: blank(values.remark),
    items: (values.items ?? []).map((r) => ({
      id: r.id ?? null,
      itemName: r.itemName,
      standard: blank(r.standard),
      codeLines: r.codeLines ?? 0,
      unit: blank(r.unit),
      specMin: r.specMin ?? null,
      specMax: r.specMax ?? null,
      specText: blank(r.specText),
      remark: blank(r.remark),
    })),
  };
  return id ? { ...body, id, status: values.status, version: values.version } : body;
}
