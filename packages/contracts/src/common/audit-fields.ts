/** The audit fields every stored record carries (zod-free: the web's clone-add imports it). */
export const AUDIT_FIELDS = ['id', 'createTime', 'createBy', 'updateTime', 'updateBy'] as const;
