import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { UserAnnouncement } from '@lims/contracts';
import { queryRows, type DbOrTx } from '../../db/client';
import { announcementSends, announcements, users } from '../../db/schema';

const ITEMS_PER_CATEGORY = 5;
const a = announcements;

/** Announcements a user may see: published, and either to everybody (sent after the account was created) or to them. */
export function visibleTo(userId: string): SQL {
  return sql`${announcements.sendStatus} = '1' and (
    (${announcements.msgType} = 'ALL' and ${announcements.sendTime} >= (select u.create_time from ${users} u where u.id = ${userId}))
    or exists (select 1 from ${announcementSends} s where s.annt_id = ${announcements.id} and s.user_id = ${userId}))`;
}

function unreadBy(userId: string): SQL {
  return sql`not exists (select 1 from ${announcementSends} r where r.annt_id = ${announcements.id} and r.user_id = ${userId} and r.read_flag = 1)`;
}

type ItemRow = Omit<UserAnnouncement, 'readFlag'> & { total: number; readFlag: number };

/** The bell: the newest unread items of each category and the unread totals. */
export async function unreadSummary(db: DbOrTx, userId: string) {
  const rows = await queryRows<ItemRow & { msgCategory: string }>(
    db,
    sql`
    select * from (
      select ${a.id} as id, ${a.id} as "anntId", ${a.titile} as titile, coalesce(${a.msgContent}, '') as "msgContent",
             ${a.sender} as sender, ${a.priority} as priority, ${a.msgCategory} as "msgCategory",
             to_char(${a.sendTime}, 'YYYY-MM-DD HH24:MI:SS') as "sendTime",
             to_char(${a.createTime}, 'YYYY-MM-DD HH24:MI:SS') as "createTime", 0 as "readFlag",
             row_number() over (partition by ${a.msgCategory} order by ${a.sendTime} desc, ${a.id}) as rn,
             (count(*) over (partition by ${a.msgCategory}))::int as total
        from ${announcements}
       where ${visibleTo(userId)} and ${unreadBy(userId)}
    ) x where rn <= ${ITEMS_PER_CATEGORY} order by "sendTime" desc`,
  );
  const pick = (category: string) => rows.filter((r) => r.msgCategory === category);
  const strip = ({ total: _t, ...rest }: ItemRow & { rn?: unknown }) => {
    delete (rest as { rn?: unknown }).rn;
    return rest as UserAnnouncement;
  };
  const anns = pick('1');
  const sys = pick('2');
  return {
    anntMsgList: anns.map(strip),
    anntMsgTotal: anns[0]?.total ?? 0,
    sysMsgList: sys.map(strip),
    sysMsgTotal: sys[0]?.total ?? 0,
  };
}

/** Marks announcements read for one user; only those the user may see. Returns how many. */
export async function markRead(db: DbOrTx, userId: string, anntIds: string[] | 'all'): Promise<number> {
  const ids = anntIds === 'all' ? undefined : anntIds;
  const visible = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(visibleTo(userId), unreadBy(userId), ids ? inArray(announcements.id, ids) : undefined));
  if (visible.length === 0) return 0;
  await db
    .insert(announcementSends)
    .values(
      visible.map((v) => ({ anntId: v.id, userId, readFlag: 1, readTime: sql`now()`, createBy: userId })) as never,
    )
    .onConflictDoUpdate({
      target: [announcementSends.anntId, announcementSends.userId],
      set: { readFlag: 1, readTime: sql`now()`, updateTime: sql`now()` },
    });
  return visible.length;
}

export async function isVisible(db: DbOrTx, userId: string, anntId: string): Promise<boolean> {
  const rows = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, anntId), visibleTo(userId)))
    .limit(1);
  return rows.length > 0;
}

/** Read flags of a page of announcements for one user. */
export async function readFlagsOf(db: DbOrTx, userId: string, anntIds: string[]): Promise<Map<string, number>> {
  if (anntIds.length === 0) return new Map();
  const rows = await db
    .select({ id: announcementSends.anntId, flag: announcementSends.readFlag })
    .from(announcementSends)
    .where(and(eq(announcementSends.userId, userId), inArray(announcementSends.anntId, anntIds)));
  return new Map(rows.map((r) => [r.id, r.flag]));
}

/** Delivery rows (unread) for the chosen users of a USER announcement. */
export async function addRecipients(db: DbOrTx, anntId: string, userIds: string[], by: string): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(announcementSends)
    .values(userIds.map((userId) => ({ anntId, userId, createBy: by })))
    .onConflictDoNothing();
}
