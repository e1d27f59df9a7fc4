import { describe, expect, it } from 'vitest';
import { answerDrift, ok } from './test-utils';

describe("the fake API checks its answers against the server's declared schemas", () => {
  it('passes a faithful answer and names what a drifted one gets wrong', () => {
    const role = { id: 'r1', roleName: '管理员', roleCode: 'admin', description: '' };
    expect(answerDrift('GET', '/sys/role/queryall', ok([role]).body)).toBeUndefined();
    const { description: _, ...withoutDescription } = role;
    expect(answerDrift('GET', '/sys/role/queryall', ok([withoutDescription]).body)).toMatch(/description/);
  });

  it('matches routes with a path parameter, and leaves undeclared routes alone', () => {
    const item = { value: '1', text: '男', title: '男' };
    expect(answerDrift('GET', '/sys/dict/getDictItems/sex', ok([item]).body)).toBeUndefined();
    expect(answerDrift('GET', '/sys/dict/getDictItems/sex', ok([{ value: 1 }]).body)).toMatch(/getDictItems/);
    expect(answerDrift('GET', '/t/list', ok({ anything: true }).body)).toBeUndefined();
  });
});
