import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/** Visit figures from the login log, "today" in the session time zone. */
export async function loginInfo(db: DbOrTx) {
  const rows = await queryRows<{ total: number; today: number; today_ip: number }>(
    db,
    sql`
    select count(*)::int as total,
           count(*) filter (where create_time >= date_trunc('day', now()))::int as today,
           count(distinct ip) filter (where create_time >= date_trunc('day', now()))::int as today_ip
      from logs where log_type = 1 and success`,
  );
  const r = rows[0];
  return { totalVisitCount: r.total, todayVisitCount: r.today, todayIp: r.today_ip };
}

/** Visits and distinct IPs per day for the last 7 days including today (zero days included). */
export async function visitInfo(db: DbOrTx) {
  const rows = await queryRows<{ tian: string; visit: number; ip: number }>(
    db,
    sql`
    with days as (
      select generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as tian,
           count(l.id)::int as visit,
           count(distinct l.ip)::int as ip
      from days d
      left join logs l on l.log_type = 1 and l.success
                       and l.create_time >= d.day and l.create_time < d.day + interval '1 day'
     group by d.day order by d.day`,
  );
  return rows.map((r) => ({ visit: r.visit, ip: r.ip, tian: r.tian, type: r.tian.slice(5) }));
}
