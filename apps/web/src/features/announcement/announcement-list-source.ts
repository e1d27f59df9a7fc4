import type { ListSource } from '../../shared/list-page/list-prefetch';
import { ANNT_URL, announcementKeys } from './api';

/** 系统通告's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const announcementListSource: ListSource = {
  keys: announcementKeys.admin,
  url: ANNT_URL.list,
  searchFields: [
    { name: 'titile', label: '标题' },
    { name: 'msgContent', label: '内容' },
  ],
};

/** 我的消息's list call (pure data), newest sent first. */
export const myAnnouncementListSource: ListSource = {
  keys: announcementKeys.mine,
  url: ANNT_URL.mine,
  searchFields: [
    { name: 'titile', label: '标题' },
    { name: 'sender', label: '发布人' },
  ],
  defaultSort: { column: 'sendTime', order: 'desc' },
};
