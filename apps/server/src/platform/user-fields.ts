import { users } from '../db/schema';

/**
 * The one allow-list of user columns a client may see, by API name: every list, picker and member
 * list of users picks from it (never the password hash, lockout counters or flags).
 */
export const USER_FIELDS = {
  username: users.username,
  realname: users.realname,
  avatar: { column: users.avatar, search: false, sort: false },
  birthday: users.birthday,
  sex: users.sex,
  email: users.email,
  phone: users.phone,
  orgCode: users.orgCode,
  status: users.status,
  workNo: users.workNo,
  post: users.post,
  telephone: users.telephone,
} as const;

/** The dictionaries of those columns. */
export const USER_DICTS = { sex: 'sex', status: 'user_status' } as const;

type UserField = keyof typeof USER_FIELDS;

/** Some of the allowed columns (e.g. what a picker shows). */
export function userFields<K extends UserField>(...names: K[]): Pick<typeof USER_FIELDS, K> {
  return Object.fromEntries(names.map((n) => [n, USER_FIELDS[n]])) as Pick<typeof USER_FIELDS, K>;
}
