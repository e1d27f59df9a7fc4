import { describe, expect, it } from 'vitest';
import type { AuthItem } from '@lims/contracts';
import { hasPermission, hasRoutePermission, isDisabledByPermission } from './has-permission';

const item = (action: string, status = '1', type = '1'): AuthItem => ({ action, status, type, describe: action });

describe('hasPermission (SPEC section 6)', () => {
  const allAuth = [item('user:add'), item('user:edit'), item('user:print', '0'), item('user:hide', '0', '2')];

  it('allows an action the user holds', () => {
    expect(hasPermission('user:add', { auth: [item('user:add')], allAuth })).toBe(true);
    expect(hasPermission('user:edit', { auth: [item('user:add')], allAuth })).toBe(false);
  });

  it('allows an action that is not controlled (allAuth status 0)', () => {
    expect(hasPermission('user:print', { auth: [], allAuth })).toBe(true);
  });

  it('checks the form permission list first', () => {
    expect(hasPermission('user:edit', { formPermissions: [item('user:edit')], auth: [], allAuth })).toBe(true);
  });

  it('ignores type 2 items everywhere', () => {
    expect(hasPermission('user:hide', { auth: [], allAuth })).toBe(false);
    expect(hasPermission('user:x', { auth: [item('user:x', '1', '2')], allAuth })).toBe(false);
    expect(hasPermission('user:x', { formPermissions: [item('user:x', '1', '2')], auth: [], allAuth })).toBe(false);
  });

  it('routes with a permissionList need one matching permission', () => {
    expect(hasRoutePermission(undefined, { auth: [], allAuth })).toBe(true);
    expect(
      hasRoutePermission([{ action: 'user:add' }, { action: 'user:zzz' }], { auth: [item('user:add')], allAuth }),
    ).toBe(true);
    expect(hasRoutePermission([{ action: 'user:edit' }], { auth: [], allAuth })).toBe(false);
  });

  it('disables a control under a 禁用 rule (type 2) unless the user holds it', () => {
    const phone = item('user:form:phone', '1', '2');
    const rules = [...allAuth, phone];
    expect(isDisabledByPermission('user:form:phone', { auth: [], allAuth: rules })).toBe(true);
    expect(isDisabledByPermission('user:form:phone', { auth: [phone], allAuth: rules })).toBe(false);
    expect(isDisabledByPermission('user:form:phone', { formPermissions: [phone], auth: [], allAuth: rules })).toBe(
      false,
    );
    // a type 1 grant of the same code is not the 禁用 rule's grant
    expect(isDisabledByPermission('user:form:phone', { auth: [item('user:form:phone')], allAuth: rules })).toBe(true);
  });

  it('disables nothing without a rule in force', () => {
    expect(isDisabledByPermission('user:form:phone', { auth: [], allAuth })).toBe(false);
    expect(isDisabledByPermission('user:form:phone', { auth: [], allAuth: [item('user:form:phone', '0', '2')] })).toBe(
      false,
    );
    expect(isDisabledByPermission('user:add', { auth: [], allAuth })).toBe(false);
  });
});
