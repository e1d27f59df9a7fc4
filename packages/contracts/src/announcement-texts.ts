/**
 * The announcement texts and priorities, apart from the schemas: the web's bell and tags import
 * them without loading zod.
 */
export const ANNT_MSG = {
  titleRequired: '请输入标题！',
  categoryRequired: '请选择消息类型！',
  msgTypeRequired: '请选择通告对象类型！',
  usersRequired: '请选择指定用户！',
  startBeforeEnd: '开始时间需小于结束时间',
  endAfterStart: '结束时间需大于开始时间',
  badTime: '时间格式应为 YYYY-MM-DD HH:mm:ss',
  notFound: '通告不存在',
  editPublished: '只有未发布的通告可以编辑',
  deletePublished: '已发布的通告不能删除，请先撤销',
  releaseOnlyDraft: '该通告已发布',
  revokeOnlyPublished: '只有已发布的通告可以撤销',
  released: '该系统通知发布成功',
  revoked: '该系统通知撤销成功',
  unknownUsers: '指定用户中有不存在的用户',
  readAll: '全部已读',
  contentTooLarge: '通告内容过大，不能超过 2 MB（图片请压缩后再插入）',
  contentTooComplex: '通告内容过于复杂，无法处理，请精简格式后再保存',
} as const;

/** The longest rich text (characters) an announcement may have: room for two or three embedded images. */
export const RICH_TEXT_MAX_CHARS = 2_000_000;

/** Priority L 一般消息 (blue), M 重要消息 (orange), H 紧急消息 (red). */
export const PRIORITY = {
  L: { text: '一般消息', color: 'blue' },
  M: { text: '重要消息', color: 'orange' },
  H: { text: '紧急消息', color: 'red' },
} as const;
