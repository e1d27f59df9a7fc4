/**
 * Conditions a data rule may use (applied through the list engine, never as SQL text), apart from the
 * schemas: the web's menu list shows them without loading zod.
 */
export const DATA_RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'LIKE', 'IN'] as const;
export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number];
