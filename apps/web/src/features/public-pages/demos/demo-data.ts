import type { DictOption } from '@lims/contracts';
import type { PickerPage, PickerParams } from '../../../shared/ui/table-picker/table-picker';

/**
 * Data of the public component showcase (/test/home needs no login, so nothing here calls the
 * server): the seed's 检测类别 dictionary and an in-memory instrument list for the table picker.
 */

/** The items of the seeded `test_type` dictionary (检测类别), one of them disabled. */
export const DEMO_TEST_TYPES: DictOption[] = [
  { value: '1', text: '化学检测', title: '化学检测' },
  { value: '2', text: '物理检测', title: '物理检测' },
  { value: '3', text: '微生物检测', title: '微生物检测' },
  { value: '4', text: '环境检测', title: '环境检测' },
  { value: '5', text: '食品检测', title: '食品检测' },
  { value: '6', text: '其他', title: '其他（已停用）', disabled: true },
];

export type DemoInstrument = { id: string; code: string; name: string; model: string; lab: string };

const NAMES = [
  '电子天平',
  '紫外分光光度计',
  '气相色谱仪',
  '液相色谱仪',
  'pH 计',
  '恒温培养箱',
  '马弗炉',
  '原子吸收光谱仪',
];
const LABS = ['化学检测室', '物理检测室', '微生物检测室', '环境检测实验室'];

/** 23 instruments: three pages of 10 in the picker. */
export const DEMO_INSTRUMENTS: DemoInstrument[] = Array.from({ length: 23 }, (_, i) => ({
  id: `yq${String(i + 1).padStart(3, '0')}`,
  code: `YQ-${String(i + 1).padStart(3, '0')}`,
  name: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1} 号`,
  model: `M${1000 + i * 7}`,
  lab: LABS[i % LABS.length],
}));

/** A field rule of the list engine, for the fields a demo filters on: `*a*`, `a*`, `*a` or equal. */
export function matchesRule(value: string, rule: string): boolean {
  const starts = rule.startsWith('*');
  const ends = rule.endsWith('*') && rule.length > 1;
  const term = rule.slice(starts ? 1 : 0, ends ? -1 : undefined);
  if (starts && ends) return value.includes(term);
  if (ends) return value.startsWith(term);
  if (starts) return value.endsWith(term);
  return value === term;
}

const FILTERABLE = new Set(['code', 'name', 'model', 'lab']);

/** One page of DEMO_INSTRUMENTS for the picker's params, as a list endpoint would answer. */
export async function fetchDemoInstruments(params: PickerParams): Promise<PickerPage<DemoInstrument>> {
  await new Promise((resolve) => setTimeout(resolve, 120));
  const filters = Object.entries(params).filter(([k]) => FILTERABLE.has(k)) as Array<[keyof DemoInstrument, string]>;
  const records = DEMO_INSTRUMENTS.filter((r) => filters.every(([k, rule]) => matchesRule(r[k], String(rule))));
  const start = (params.pageNo - 1) * params.pageSize;
  return { records: records.slice(start, start + params.pageSize), total: records.length };
}
