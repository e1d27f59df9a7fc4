import { expect } from 'vitest';
import type { TestApp } from '../../../../test/build-test-app';
import { projectKit } from '../../project/project.test-kit';

/** Shared helpers of the sample API tests: projects with test items, registration, receipt. */
export function sampleKit(t: TestApp, admin: () => string, user: () => string) {
  const k = projectKit(t, admin);
  /** Requests as `user` (the registrar) unless another token is given. */
  const get = (url: string, token = user()) => k.get(url, token);
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = user()) =>
    k.send(method, url, payload, token);
  const ITEMS = [
    { itemName: '铅', standard: 'GB/T 5750.6', unit: 'mg/L', specMax: '0.01' },
    { itemName: 'pH', standard: 'GB/T 5750.4', specMin: 6.5, specMax: 8.5 },
    { itemName: '外观', specText: '无色透明' },
  ];
  /** A 待受理 project (with the three test items above unless `items` is given). */
  const project = (name: string, items: object[] = ITEMS) => k.addProject({ name, dueDate: '2030-12-31', items });
  /** Registers samples named `names`; answers their ids and numbers (fails the test on an error). */
  const register = async (projectId: string, names: string[], token = user()) => {
    const res = await send(
      'POST',
      '/lims/sample/add',
      { projectId, samples: names.map((name) => ({ name, sampleType: '1', quantity: '500', unit: 'mL' })) },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { ids: string[]; sampleNos: string[] };
  };
  const receive = (ids: string[], token = user(), extra: object = { condition: '1', storageLocation: '冷藏柜A-1' }) =>
    send('POST', '/lims/sample/receive', { ids, ...extra }, token);
  const sample = async (id: string, token = user()) =>
    (await get(`/lims/sample/queryById?id=${id}`, token)).json().result as Record<string, unknown>;
  const history = async (id: string, token = user()) =>
    (await get(`/lims/sample/history?id=${id}`, token)).json().result as {
      action: string;
      reason: string | null;
      realname: string | null;
      changes: { field: string; old: string | null; new: string | null }[];
    }[];
  return { ...k, get, send, ITEMS, project, register, receive, sample, history };
}
