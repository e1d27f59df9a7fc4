import { sql, type SQL } from 'drizzle-orm';
import { customerUnits, projects } from '../../db/schema';
import { defineListEntity, expandParamsStr, type RawParams } from '../../platform/list-query';
import { valueCondition } from '../../platform/list-query/conditions';
import { normalizeParams } from '../../platform/list-query/parse-params';

/** The list param searching projects by their customer unit's name (not a column of projects). */
export const UNIT_NAME_PARAM = 'customerUnitName';

const unitName = defineListEntity({ table: customerUnits, fields: { name: customerUnits.name } }).fields.get('name')!;

/**
 * Takes `customerUnitName` out of list params (or a `paramsStr`) and turns it into a condition on
 * the project's unit, with the list engine's rules (`*abc*` contains, `abc*` starts with, `a,b` in,
 * anything else equals). The remaining params go to the engine as usual.
 */
export function unitNameSearch(raw: RawParams | null | undefined): { params: RawParams; where?: SQL } {
  const { [UNIT_NAME_PARAM]: value, ...params } = expandParamsStr(raw);
  const term = normalizeParams({ [UNIT_NAME_PARAM]: value }).get(UNIT_NAME_PARAM);
  const condition = term ? valueCondition(unitName, term, UNIT_NAME_PARAM) : undefined;
  if (!condition) return { params };
  return {
    params,
    where: sql`${projects.customerUnitId} in (select ${customerUnits.id} from ${customerUnits} where ${condition})`,
  };
}
