/** The one list query engine every list endpoint uses. */
export { defineListEntity, RESERVED_PARAMS } from './entity-spec';
export type { FieldInput, FieldType, ListEntity, ListEntityInput, ListField, SortOrder } from './entity-spec';
export { buildListFilter, parseListQuery } from './build-query';
export type { ListQuery, ListQueryOptions } from './build-query';
export { countRows, iterateList, runList, selectPage } from './run-list';
export { countedTotal, DEFERRED_JOIN_OFFSET } from './page-query';
export { POSITION_MIN_OFFSET, positionBuildsSettled } from './position-cache';
export type { RunListOptions } from './run-list';
export { deleteById, deleteByIds } from './delete';
export { findById, keywordParams } from './record-queries';
export type { DeleteOptions } from './delete';
export { DICT_TEXT_SUFFIX, dictTextOf, loadDicts, selectionOf, toRecord } from './records';
export type { DictLoader, DictMaps, ListRecord } from './records';
export { DEFAULT_PAGE_SIZE, MAX_IDS, MAX_PAGE_SIZE, expandParamsStr, parseIdList } from './parse-params';
export type { ListSort, RawParams } from './parse-params';
export { MAX_SUPER_QUERY_CONDITIONS, SUPER_QUERY_RULES } from './super-query';
export { MAX_LIST_ITEMS, MAX_VALUE_LENGTH } from './values';
