import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import {
  announcementSends,
  departs,
  projectAttachments,
  projectItems,
  projects,
  unitContacts,
  users,
} from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed';
import { verifyPassword } from '../platform/passwords';
import type { SampleIds } from './route-samples';
import { prepareSamples } from './sample-data';

let t: TestApp;
let admin: string;
let zhangsan: string;
let lisi: string;
let ids: SampleIds;
let lisiId: string;
let forLisi: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  zhangsan = await t.login('zhangsan');
  lisi = await t.login('lisi');
  ids = await prepareSamples(t, admin);
  lisiId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'lisi')))[0].id;
  const add = await t.as(admin, {
    method: 'POST',
    url: '/api/sys/annountCement/add',
    payload: { titile: '只给李四', msgCategory: '2', msgType: 'USER', userIds: lisiId, msgContent: '<p>私信</p>' },
  });
  forLisi = add.json().result;
  await t.as(admin, { method: 'GET', url: `/api/sys/annountCement/doReleaseData?id=${forLisi}` });
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` });
const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const readFlag = async (anntId: string, userId: string) =>
  (
    await t.database.db
      .select()
      .from(announcementSends)
      .where(and(eq(announcementSends.anntId, anntId), eq(announcementSends.userId, userId)))
  )[0]?.readFlag ?? 0;

describe(`another user's messages (${TEST_DB})`, () => {
  it('cannot mark a message addressed to someone else as read, on any of the four spellings', async () => {
    for (const prefix of ['/system', '/sys']) {
      for (const method of ['PUT', 'POST'] as const) {
        const res = await send(zhangsan, method, `${prefix}/sysAnnouncementSend/editByAnntIdAndUserId`, {
          anntId: forLisi,
          userId: lisiId,
        });
        expect(res.statusCode, `${method} ${prefix}`).toBe(404);
      }
    }
    expect(await readFlag(forLisi, lisiId)).toBe(0);
  });

  it("never lists someone else's message, in the bell or in 我的消息", async () => {
    const bell = await get(zhangsan, '/sys/annountCement/listByUser');
    expect(bell.body).not.toContain(forLisi);
    const mine = await get(zhangsan, `/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100&userId=${lisiId}`);
    expect(mine.statusCode).toBeLessThan(500);
    expect(mine.body).not.toContain(forLisi);
    expect((await get(lisi, '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100')).body).toContain(forLisi);
  });

  it('"read all" marks only the caller\'s own messages', async () => {
    expect((await send(zhangsan, 'PUT', '/sys/sysAnnouncementSend/readAll')).statusCode).toBe(200);
    expect(await readFlag(forLisi, lisiId)).toBe(0);
    expect(await readFlag(ids.announcement, lisiId)).toBe(0);
    expect(
      (await send(lisi, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: forLisi })).statusCode,
    ).toBe(200);
    expect(await readFlag(forLisi, lisiId)).toBe(1);
  });
});

describe(`another user's account (${TEST_DB})`, () => {
  it("cannot change someone else's password while signed in, even knowing it", async () => {
    const res = await send(zhangsan, 'PUT', '/sys/user/updatePassword', {
      username: 'lisi',
      oldpassword: DEMO_PASSWORD,
      password: 'Hacked1234',
      confirmpassword: 'Hacked1234',
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'lisi'));
    expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('cannot switch to a department the user does not belong to', async () => {
    const [foreign] = await t.database.db
      .select({ orgCode: departs.orgCode })
      .from(departs)
      .where(eq(departs.orgCode, 'A01A07'));
    const res = await send(zhangsan, 'POST', '/sys/selectDepart', { orgCode: foreign.orgCode, username: 'lisi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.departNotMine);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'lisi'));
    expect(row.orgCode).toBe('A01A07');
  });

  it('reads only its own departments and permissions, whatever id it passes', async () => {
    const departsRes = await get(zhangsan, `/sys/user/getCurrentUserDeparts?userId=${lisiId}`);
    expect(departsRes.body).not.toContain('A01A07');
    const perms = await get(zhangsan, `/sys/permission/getUserPermissionByToken?token=${lisi}`);
    const mine = await get(zhangsan, '/sys/permission/getUserPermissionByToken');
    expect(perms.json().result).toEqual(mine.json().result);
  });
});

describe(`records inside records (${TEST_DB})`, () => {
  it("an edit cannot take over another project's items or another unit's contacts by their ids", async () => {
    const [other] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(ne(projects.id, ids.project))
      .limit(1);
    const add = await send(admin, 'POST', '/project/jcXmProject/add', {
      name: '对象级',
      customerUnitId: ids.unit,
      items: [{ itemName: '原明细', codeLines: 1 }],
    });
    const mineId = add.json().result as string;
    const [foreignItem] = await t.database.db
      .insert(projectItems)
      .values({ projectId: other.id, itemName: '别人的明细', codeLines: 5, sortNo: 1 })
      .returning();
    const edit = await send(admin, 'PUT', '/project/jcXmProject/edit', {
      id: mineId,
      name: '对象级',
      customerUnitId: ids.unit,
      items: [{ id: foreignItem.id, itemName: '偷来的', codeLines: 9 }],
    });
    expect(edit.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(projectItems).where(eq(projectItems.id, foreignItem.id));
    expect(after).toMatchObject({ projectId: other.id, itemName: '别人的明细', codeLines: 5 });

    const [contact] = await t.database.db.select().from(unitContacts).where(eq(unitContacts.unitId, ids.unit)).limit(1);
    const unit = await send(admin, 'POST', '/khgl/unit/add', {
      code: 'OBJLVL1',
      name: '对象级单位',
      contacts: [{ id: contact.id, name: '偷来的联系人' }],
    });
    expect(unit.statusCode).toBe(200);
    const [kept] = await t.database.db.select().from(unitContacts).where(eq(unitContacts.id, contact.id));
    expect(kept.unitId).toBe(ids.unit);
    expect(kept.name).not.toBe('偷来的联系人');
  });

  it('an attachment is downloaded only through its own project, and only with the project permission', async () => {
    const [other] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(ne(projects.id, ids.project))
      .limit(1);
    const wrongProject = await get(
      admin,
      `/fj/xmfj/downloadFile?filePath=${encodeURIComponent(ids.attachmentPath)}&projectId=${other.id}`,
    );
    expect(wrongProject.statusCode).toBe(404);
    const right = await get(
      admin,
      `/fj/xmfj/downloadFile?filePath=${encodeURIComponent(ids.attachmentPath)}&projectId=${ids.project}`,
    );
    expect(right.statusCode).toBe(200);
    // A plain upload is no attachment: the attachment route does not serve it.
    expect((await get(admin, `/fj/xmfj/downloadFile?filePath=${encodeURIComponent(ids.imagePath)}`)).statusCode).toBe(
      404,
    );

    // The generic download route refuses a project attachment to a user without 项目 rights (as if it did not exist).
    const noRole = await t.database.db
      .insert(users)
      .values({
        username: 'objnorole',
        realname: '无权限',
        passwordHash: (await t.database.db.select().from(users).where(eq(users.username, 'zhangsan')))[0].passwordHash,
      })
      .returning();
    const stranger = await t.login(noRole[0].username);
    const [{ fileId }] = await t.database.db
      .select({ fileId: projectAttachments.fileId })
      .from(projectAttachments)
      .where(eq(projectAttachments.id, ids.attachment));
    expect((await get(stranger, `/sys/common/download/${fileId}`)).statusCode).toBe(404);
    expect((await get(stranger, `/sys/common/download/${ids.attachmentPath}`)).statusCode).toBe(404);
    expect((await get(admin, `/sys/common/download/${fileId}`)).statusCode).toBe(200);
    expect((await get(stranger, `/sys/common/download/${ids.file}`)).statusCode).toBe(200);
  });
});
