/** The audit fields a stored record carries, `version` on editable ones (zod-free: the web's clone-add imports it). */
export const AUDIT_FIELDS = ['id', 'createTime', 'createBy', 'updateTime', 'updateBy', 'version'] as const;
