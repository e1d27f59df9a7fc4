import { sampleEditSchema } from '@lims/contracts';
import { schemaRule } from '../../../shared/form/schema-rule';

/**
 * 数量 as the server checks it (≥ 0, at most three decimals, blank allowed). The number box has no
 * min or precision of its own: what was typed stays in it with the message, rather than quietly
 * becoming 0 or rounded.
 */
export const quantityRule = schemaRule(sampleEditSchema.shape.quantity);
