import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNT_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { fileUpload } from '../../platform/files/multipart.fixture';

let t: TestApp;
let admin: string;
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  for (const name of ['zhangsan', 'lisi', 'manager']) {
    tokens[name] = await t.login(name);
    const me = await t.as(tokens[name], { method: 'GET', url: '/api/sys/user/getCurrentUserDeparts' });
    expect(me.statusCode).toBe(200);
  }
  const rows = await t.database.db.query.users.findMany({ columns: { id: true, username: true } });
  for (const r of rows) userIds[r.username] = r.id;
});
afterAll(async () => {
  await t?.close();
});

const api = (p: string) => `/api${p}`;
const add = (payload: object) =>
  t.as(admin, {
    method: 'POST',
    url: api('/sys/annountCement/add'),
    payload: { msgCategory: '1', msgType: 'ALL', priority: 'L', ...payload },
  });
const release = (id: string) => t.as(admin, { method: 'GET', url: api(`/sys/annountCement/doReleaseData?id=${id}`) });
const bell = async (name: string) =>
  (await t.as(tokens[name], { method: 'GET', url: api('/sys/annountCement/listByUser') })).json().result;
const unread = async (name: string) => {
  const b = await bell(name);
  return b.anntMsgTotal + b.sysMsgTotal;
};

describe(`announcements (${TEST_DB})`, () => {
  it('publishes to everybody: every user\u2019s bell grows; reading lowers only the reader\u2019s count', async () => {
    const before = { zhangsan: await unread('zhangsan'), lisi: await unread('lisi') };
    const id = (
      await add({ titile: '全员通知：年度内审', msgContent: '<p>请各部门准备材料</p>', priority: 'H' })
    ).json().result;
    expect(await unread('zhangsan')).toBe(before.zhangsan);
    const rel = await release(id);
    expect(rel.json().message).toBe(ANNT_MSG.released);
    expect(await unread('zhangsan')).toBe(before.zhangsan + 1);
    expect(await unread('lisi')).toBe(before.lisi + 1);
    const item = (await bell('zhangsan')).anntMsgList.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({
      titile: '全员通知：年度内审',
      priority: 'H',
      sender: '管理员',
      msgContent: '<p>请各部门准备材料</p>',
    });
    const mark = await t.as(tokens.zhangsan, {
      method: 'PUT',
      url: api('/system/sysAnnouncementSend/editByAnntIdAndUserId'),
      payload: { anntId: id },
    });
    expect(mark.statusCode).toBe(200);
    expect(await unread('zhangsan')).toBe(before.zhangsan);
    expect(await unread('lisi')).toBe(before.lisi + 1);
  });

  it('publishes to chosen users only; others can neither see nor mark it', async () => {
    const id = (
      await add({ titile: '指定用户：样品交接', msgCategory: '2', msgType: 'USER', userIds: `${userIds.lisi},` })
    ).json().result;
    await release(id);
    expect((await bell('lisi')).sysMsgList.map((i: { id: string }) => i.id)).toContain(id);
    expect((await bell('zhangsan')).sysMsgList.map((i: { id: string }) => i.id)).not.toContain(id);
    const foreign = await t.as(tokens.zhangsan, {
      method: 'POST',
      url: api('/system/sysAnnouncementSend/editByAnntIdAndUserId'),
      payload: { anntId: id },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await bell('lisi')).sysMsgList.map((i: { id: string }) => i.id)).toContain(id);
  });

  it('revoking removes it from bells; edits after publishing and deleting published ones are refused', async () => {
    const id = (await add({ titile: '将撤销的通知' })).json().result;
    await release(id);
    const count = await unread('manager');
    const edit = await t.as(admin, {
      method: 'PUT',
      url: api('/sys/annountCement/edit'),
      payload: { id, titile: '改', msgCategory: '1', msgType: 'ALL' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(ANNT_MSG.editPublished);
    const del = await t.as(admin, { method: 'DELETE', url: api(`/sys/annountCement/delete?id=${id}`) });
    expect(del.json().message).toBe(ANNT_MSG.deletePublished);
    const rev = await t.as(admin, { method: 'GET', url: api(`/sys/annountCement/doReovkeData?id=${id}`) });
    expect(rev.json().message).toBe(ANNT_MSG.revoked);
    expect(await unread('manager')).toBe(count - 1);
    expect((await t.as(admin, { method: 'DELETE', url: api(`/sys/annountCement/delete?id=${id}`) })).statusCode).toBe(
      200,
    );
  });

  it('stores HTML clean: no script, event handlers, javascript: links, iframes or foreign images', async () => {
    const dirty =
      '<p onclick="x()">正文<script>window.pwned=1</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">链接</a><iframe src="https://evil"></iframe><img src="data:image/jpeg;base64,/9j/4AAQ"><img src="https://evil/x.png"></p>';
    const id = (await add({ titile: 'XSS', msgContent: dirty })).json().result;
    const stored = (await t.as(admin, { method: 'GET', url: api(`/sys/annountCement/queryById?id=${id}`) })).json()
      .result.msgContent;
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe|evil/i);
    expect(stored).toContain('正文');
    expect(stored).toContain('data:image/jpeg;base64');
  });

  it('validates the form with its messages and changes nothing', async () => {
    const total = (await t.as(admin, { method: 'GET', url: api('/sys/annountCement/list') })).json().result.total;
    expect((await add({ titile: '' })).json().message).toBe(ANNT_MSG.titleRequired);
    expect((await add({ titile: 'x', msgType: 'USER' })).json().message).toBe(ANNT_MSG.usersRequired);
    expect(
      (await add({ titile: 'x', startTime: '2026-12-02 00:00:00', endTime: '2026-12-01 00:00:00' })).json().message,
    ).toBe(ANNT_MSG.startBeforeEnd);
    expect((await add({ titile: 'x', msgCategory: '9' })).statusCode).toBe(400);
    // Times that name no real moment are the form's message, never a database error.
    for (const endTime of ['2026-13-01 25:61:61', '2026-02-30 10:00:00']) {
      const bad = await add({ titile: 'x', endTime });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(ANNT_MSG.badTime);
    }
    expect((await t.as(admin, { method: 'GET', url: api('/sys/annountCement/list') })).json().result.total).toBe(total);
    expect(
      (
        await t.as(tokens.zhangsan, {
          method: 'POST',
          url: api('/sys/annountCement/add'),
          payload: { titile: 'x', msgCategory: '1', msgType: 'ALL' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists 我的消息 with read state and marks all read', async () => {
    const id = (await add({ titile: '我的消息测试', msgCategory: '2' })).json().result;
    await release(id);
    const page = (
      await t.as(tokens.lisi, {
        method: 'GET',
        url: api(`/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent('*我的消息*')}`),
      })
    ).json().result;
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ id, readFlag: 0, readFlag_dictText: '未读', sender: '管理员' });
    const all = await t.as(tokens.lisi, { method: 'PUT', url: api('/sys/sysAnnouncementSend/readAll') });
    expect(all.json().message).toBe(ANNT_MSG.readAll);
    expect(await unread('lisi')).toBe(0);
    const again = (
      await t.as(tokens.lisi, { method: 'GET', url: api('/sys/sysAnnouncementSend/getMyAnnouncementSend') })
    ).json().result;
    expect(again.records.every((r: { readFlag: number }) => r.readFlag === 1)).toBe(true);
  });

  it('pushes a publish to the open page of a recipient over Server-Sent Events', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/sys/annountCement/events`, {
      headers: { 'x-access-token': tokens.zhangsan },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const reader = res.body!.getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5000;
      while (!text.includes(needle) && Date.now() < deadline)
        text += new TextDecoder().decode((await reader.read()).value);
      return text.includes(needle);
    };
    expect(await readUntil('event: ready')).toBe(true);
    const id = (await add({ titile: '实时推送' })).json().result;
    await release(id);
    expect(await readUntil(`"id":"${id}"`)).toBe(true);
    expect(text).toContain('"action":"publish"');
    controller.abort();
  });

  it('gives every pushed event an id and replays what a page missed when it reconnects with Last-Event-ID', async () => {
    const listening = t.app.server.address();
    const address =
      listening && typeof listening === 'object'
        ? `http://127.0.0.1:${listening.port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (lastEventId?: string) => {
      const controller = new AbortController();
      const headers: Record<string, string> = {
        'x-access-token': tokens.lisi,
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      };
      const res = await fetch(`${address}/api/sys/annountCement/events`, { headers, signal: controller.signal });
      const reader = res.body!.getReader();
      let text = '';
      const readUntil = async (needle: string) => {
        const deadline = Date.now() + 5000;
        while (!text.includes(needle) && Date.now() < deadline)
          text += new TextDecoder().decode((await reader.read()).value);
        expect(text).toContain(needle);
        return text;
      };
      return { readUntil, close: () => controller.abort() };
    };
    const first = await open();
    const ready = await first.readUntil('event: ready');
    const readyId = /id: (\S+)\nevent: ready/.exec(ready)?.[1];
    expect(readyId).toMatch(/^\w+\.\d+$/);
    const seen = (await add({ titile: '推送编号一' })).json().result;
    await release(seen);
    const withSeen = await first.readUntil(`"id":"${seen}"`);
    const seenId = new RegExp(`id: (\\S+)\\nevent: announcement\\ndata: [^\\n]*"${seen}"`).exec(withSeen)?.[1];
    expect(seenId).toMatch(/^\w+\.\d+$/);
    expect(seenId).not.toBe(readyId);
    first.close();

    // published while the page was away: the reconnect with the last id gets it, the one seen before not again
    const missed = (await add({ titile: '推送编号二' })).json().result;
    await release(missed);
    const second = await open(seenId);
    const replayed = await second.readUntil('event: ready');
    expect(replayed).toContain(`"id":"${missed}"`);
    expect(replayed).not.toContain(`"id":"${seen}"`);
    second.close();

    // an id this server cannot continue: the page is told to reload what it shows
    const third = await open('unknown.1');
    const resync = await third.readUntil('event: ready');
    expect(resync).toContain('event: resync');
    third.close();
  });
  it('exports 系统通告 with dictionary texts and imports rows as unpublished (all or none)', async () => {
    const id = (await add({ titile: '导出测试通告', priority: 'M', msgContent: '<p>导出正文</p>' })).json().result;
    await release(id);
    const res = await t.as(admin, {
      method: 'GET',
      url: api(`/sys/annountCement/exportXls?titile=${encodeURIComponent('导出测试*')}`),
    });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('系统通告');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      '标题',
      '消息类型',
      '优先级',
      '通告对象',
      '指定用户ID',
      '开始时间',
      '结束时间',
      '内容',
      '发布人',
      '发布状态',
      '发布时间',
      '撤销时间',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 4)).toEqual(['导出测试通告', '通知公告', '重要消息', '全体用户']);
    expect(rows[1].slice(7, 10)).toEqual(['<p>导出正文</p>', '管理员', '已发布']);

    const upload = (csv: string, token = admin) => {
      const body = fileUpload('annt.csv', csv);
      return t.as(token, {
        method: 'POST',
        url: api('/sys/annountCement/importExcel'),
        payload: body.payload,
        headers: body.headers,
      });
    };
    const header = '标题,消息类型,优先级,通告对象,指定用户ID,开始时间,结束时间,内容';
    const count = async () =>
      (
        await t.as(admin, {
          method: 'GET',
          url: api(`/sys/annountCement/list?titile=${encodeURIComponent('导入通告*')}`),
        })
      ).json().result.total;
    const bad = await upload(
      `${header}\n导入通告一,通知公告,紧急消息,全体用户,,,,<p>正文<script>x()</script></p>\n导入通告二,系统消息,,指定用户,nobody,,,\n导入通告三,通知公告,,全体用户,,2026-05-02 00:00:00,2026-05-01 00:00:00,`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 4, message: ANNT_MSG.startBeforeEnd })]),
    );
    const unknownUser = await upload(`${header}\n导入通告二,系统消息,,指定用户,nobody,,,`);
    expect(unknownUser.json().result.errors).toEqual([{ row: 2, field: '指定用户ID', message: ANNT_MSG.unknownUsers }]);
    expect(await count()).toBe(0);
    expect((await upload(`${header}\n导入通告一,通知公告,,全体用户,,,,`, tokens.zhangsan)).statusCode).toBe(403);

    const good = await upload(
      `${header}\n导入通告一,通知公告,紧急消息,全体用户,,,,<p>正文<script>x()</script></p>\n导入通告二,系统消息,,指定用户,${userIds.lisi},2026-05-01 08:00:00,2026-05-02 08:00:00,`,
    );
    expect(good.statusCode, good.body).toBe(200);
    const imported = (
      await t.as(admin, {
        method: 'GET',
        url: api(`/sys/annountCement/list?titile=${encodeURIComponent('导入通告*')}&column=titile&order=asc`),
      })
    ).json().result.records;
    expect(imported).toMatchObject([
      {
        titile: '导入通告一',
        msgCategory: '1',
        priority: 'H',
        msgType: 'ALL',
        sendStatus: '0',
        msgContent: '<p>正文</p>',
      },
      {
        titile: '导入通告二',
        msgCategory: '2',
        priority: 'L',
        msgType: 'USER',
        userIds: userIds.lisi,
        startTime: '2026-05-01 08:00:00',
      },
    ]);
    expect((await t.as(admin, { method: 'GET', url: api('/sys/annountCement/importTemplate') })).statusCode).toBe(200);
  });
});
