import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../../test/build-test-app';
import { dataRuleKit } from '../../permission/data-rule.test-kit';
import { sampleKit } from './sample.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

/** Who may do what with samples: button codes (403 without them) and the data rules of 样品管理. */
let t: TestApp;
let admin: string;
let zhaoliu: string;
let sunqi: string;
let k: ReturnType<typeof sampleKit>;
let pending: { ids: string[]; sampleNos: string[] };
let received: { ids: string[]; sampleNos: string[] };

beforeAll(async () => {
  t = await buildTestApp();
  [admin, zhaoliu, sunqi] = await Promise.all([t.login('admin'), t.login('zhaoliu'), t.login('sunqi')]);
  k = sampleKit(
    t,
    () => admin,
    () => zhaoliu,
  );
  const projectId = await k.project('权限项目');
  pending = await k.register(projectId, ['待1', '待2']);
  received = await k.register(projectId, ['收1']);
  expect((await k.receive(received.ids)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe(`sample button codes (${TEST_DB})`, () => {
  it('an analyst (list only) reads samples but gets 403 on every write and on labels; nothing changes', async () => {
    const list = await k.get('/lims/sample/list?pageSize=50', sunqi);
    expect(list.statusCode).toBe(200);
    const ids = pending.ids;
    const calls = [
      k.send('POST', '/lims/sample/add', { projectId: 'x', samples: [{ name: '越权' }] }, sunqi),
      k.send('POST', '/lims/sample/receive', { ids }, sunqi),
      k.send('POST', '/lims/sample/return', { ids, reason: '越权' }, sunqi),
      k.send('PUT', '/lims/sample/edit', { id: ids[0], name: '越权' }, sunqi),
      k.send('DELETE', `/lims/sample/deleteBatch?ids=${ids.join(',')}`, undefined, sunqi),
      k.get(`/lims/sample/labels?ids=${ids[0]}`, sunqi),
      k.get('/lims/sample/exportXls', sunqi),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    expect((await k.sample(ids[0])).status).toBe('1');
    expect((await k.sample(ids[0])).name).toBe('待1');
  });

  it('a user without the sample menu cannot even list', async () => {
    const zhangsan = await t.login('zhangsan');
    expect((await k.get('/lims/sample/list', zhangsan)).statusCode).toBe(403);
    expect((await k.get(`/lims/sample/history?id=${pending.ids[0]}`, zhangsan)).statusCode).toBe(403);
  });
});

describe(`sample data rules (${TEST_DB})`, () => {
  it('with the rule status = 1 the registrar sees, changes and reads the history of 待接收 samples only', async () => {
    const rules = dataRuleKit(t.database.db, (method, url, payload) => k.send(method, url, payload, admin));
    const menu = await rules.menuId('/lims/sample');
    await rules.chooseRules(menu, await rules.roleId('lims_registrar'), [
      await rules.addRule(menu, { ruleColumn: 'status', ruleConditions: '=', ruleValue: '1' }),
    ]);
    const seen = (await k.get('/lims/sample/list?pageSize=100')).json().result.records as { id: string }[];
    expect(seen.map((r) => r.id)).toEqual(expect.arrayContaining(pending.ids));
    expect(seen.map((r) => r.id)).not.toContain(received.ids[0]);
    const outside = received.ids[0];
    expect((await k.get(`/lims/sample/queryById?id=${outside}`)).statusCode).toBe(404);
    expect((await k.get(`/lims/sample/history?id=${outside}`)).statusCode).toBe(404);
    expect((await k.get(`/lims/sample/labels?ids=${outside}`)).statusCode).toBe(404);
    const ret = await k.send('POST', '/lims/sample/return', { ids: [outside], reason: '越界' });
    expect(ret.statusCode).toBe(404);
    const edit = await k.send('PUT', '/lims/sample/edit', { id: outside, name: '越界', reason: '越界' });
    expect(edit.statusCode).toBe(404);
    expect(await k.sample(outside, admin)).toMatchObject({ status: '2', name: '收1' });
    expect((await k.receive([pending.ids[0]])).statusCode).toBe(200);
  });

  it('a 检测项目 data rule keeps the registrar from registering samples in projects outside it', async () => {
    const rules = dataRuleKit(t.database.db, (method, url, payload) => k.send(method, url, payload, admin));
    const menu = await rules.menuId('/project/jcXmProject');
    const inside = await k.project('规则内项目');
    const outside = await k.project('规则外项目');
    await rules.chooseRules(menu, await rules.roleId('lims_registrar'), [
      await rules.addRule(menu, { ruleColumn: 'name', ruleConditions: '=', ruleValue: '规则内项目' }),
    ]);
    const refused = await k.send('POST', '/lims/sample/add', { projectId: outside, samples: [{ name: '越界样品' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/项目/);
    const list = (await k.get('/lims/sample/list?name=越界样品', admin)).json().result.total;
    expect(list).toBe(0);
    const accepted = await k.send('POST', '/lims/sample/add', { projectId: inside, samples: [{ name: '规则内样品' }] });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('the rule 承接部门 = #{sys_depart_id} limits the registrar to the projects of his department', async () => {
    const rules = dataRuleKit(t.database.db, (method, url, payload) => k.send(method, url, payload, admin));
    const menu = await rules.menuId('/project/jcXmProject');
    const own = await k.addProject({ name: '本部门项目', departId: await k.ids.depart('A01A06') });
    const other = await k.addProject({ name: '他部门项目', departId: await k.ids.depart('A01A03') });
    await rules.chooseRules(menu, await rules.roleId('lims_registrar'), [
      await rules.addRule(menu, { ruleColumn: 'departId', ruleConditions: '=', ruleValue: '#{sys_depart_id}' }),
    ]);
    const picker = (await k.get('/project/jcXmProject/queryProject')).json().result as { id: string }[];
    expect(picker.map((p) => p.id)).toContain(own);
    expect(picker.map((p) => p.id)).not.toContain(other);
    const refused = await k.send('POST', '/lims/sample/add', { projectId: other, samples: [{ name: '他部门样品' }] });
    expect(refused.statusCode).toBe(400);
    const accepted = await k.send('POST', '/lims/sample/add', { projectId: own, samples: [{ name: '本部门样品' }] });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
