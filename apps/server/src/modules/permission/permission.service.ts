import { eq, inArray, sql } from 'drizzle-orm';
import { PERMISSION_MSG, type PermissionForm } from '@lims/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { permissions } from '../../db/schema';
import { insertRecord, updateRecord } from '../../platform/crud';
import { badRequest, notFound } from '../../platform/reply';
import { withDescendants } from '../../platform/tree';

export const ROUTE_VIEW = 'layouts/RouteView';

const isExternal = (url: string) => /^(https?:\/\/|\{\{)/i.test(url);

/** Component as the page registry names it: no leading '/', 'src/views/' or 'views/', no file suffix. */
export function normaliseComponent(component: string | null): string | null {
  if (!component) return null;
  let v = component.trim().replace(/^\/+/, '');
  if (v.startsWith('src/views/')) v = v.slice('src/views/'.length);
  else if (v.startsWith('views/')) v = v.slice('views/'.length);
  v = v.replace(/\.(vue|tsx|jsx)$/, '');
  return v || null;
}

/** Internal urls start with '/'; external ones (http(s)://, {{ … }}) stay as they are. */
export function normaliseUrl(url: string | null): string | null {
  if (!url) return null;
  const v = url.trim();
  return isExternal(v) || v.startsWith('/') ? v : `/${v}`;
}

/** The row values a form stands for (the ancestor's saving rules). */
export function normalisePermission(form: PermissionForm) {
  const top = form.menuType === 0;
  return {
    ...form,
    parentId: top ? null : form.parentId,
    url: normaliseUrl(form.url),
    component: normaliseComponent(form.component) ?? (top ? ROUTE_VIEW : null),
  };
}

/**
 * Changes of the menu tree's shape (add, edit, delete) take turns: each reads the tree and writes on
 * what it read (a parent that still exists, no cycle, the descendants to delete), so two admins at
 * once must not both act on what the other is changing.
 */
export async function lockMenuTree(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('permissions_tree'))`);
}

/** The parent must exist and be a menu (a button cannot hold children). */
async function requireParent(tx: DbOrTx, parentId: string): Promise<void> {
  const [parent] = await tx
    .select({ menuType: permissions.menuType })
    .from(permissions)
    .where(eq(permissions.id, parentId))
    .limit(1);
  if (!parent) throw badRequest(PERMISSION_MSG.parentNotFound);
  if (parent.menuType === 2) throw badRequest(PERMISSION_MSG.parentIsButton);
}

/** is_leaf of a node = it has no children left. */
async function refreshLeaf(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(permissions)
    .set({ isLeaf: sql`not exists (select 1 from ${permissions} as c where c.parent_id = ${id})` })
    .where(eq(permissions.id, id));
}

export async function addPermission(db: Db, form: PermissionForm, username: string): Promise<string> {
  const values = normalisePermission(form);
  return db.transaction(async (tx) => {
    await lockMenuTree(tx);
    if (values.parentId) await requireParent(tx, values.parentId);
    const id = await insertRecord(tx, permissions, { ...values, isLeaf: true, ruleFlag: false }, username);
    if (values.parentId) await tx.update(permissions).set({ isLeaf: false }).where(eq(permissions.id, values.parentId));
    return id;
  });
}

export async function editPermission(db: Db, id: string, form: PermissionForm, username: string): Promise<void> {
  const values = normalisePermission(form);
  await db.transaction(async (tx) => {
    await lockMenuTree(tx);
    const [current] = await tx
      .select({ parentId: permissions.parentId })
      .from(permissions)
      .where(eq(permissions.id, id))
      .limit(1);
    if (!current) throw notFound(PERMISSION_MSG.notFound);
    if (values.parentId) {
      const all = await tx.select({ id: permissions.id, parentId: permissions.parentId }).from(permissions);
      if (withDescendants(all, [id]).has(values.parentId)) throw badRequest(PERMISSION_MSG.parentCycle);
      await requireParent(tx, values.parentId);
    }
    await updateRecord(tx, permissions, id, values, username, PERMISSION_MSG.notFound);
    if (current.parentId !== values.parentId) {
      if (values.parentId)
        await tx.update(permissions).set({ isLeaf: false }).where(eq(permissions.id, values.parentId));
      if (current.parentId) await refreshLeaf(tx, current.parentId);
    }
  });
}

/**
 * Deletes the nodes and everything below them in one transaction (grants and data rules go with
 * them); the parents left behind get their is_leaf recomputed. Returns how many rows went.
 */
export async function deletePermissions(db: Db, ids: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    await lockMenuTree(tx);
    const all = await tx.select({ id: permissions.id, parentId: permissions.parentId }).from(permissions);
    const existing = new Set(all.map((r) => r.id));
    const roots = ids.filter((id) => existing.has(id));
    if (roots.length === 0) return 0;
    const doomed = withDescendants(all, roots);
    const parents = new Set(
      all.filter((r) => doomed.has(r.id) && r.parentId && !doomed.has(r.parentId)).map((r) => r.parentId!),
    );
    const deleted = await tx
      .delete(permissions)
      .where(inArray(permissions.id, [...doomed]))
      .returning({ id: permissions.id });
    for (const parentId of parents) await refreshLeaf(tx, parentId);
    return deleted.length;
  });
}
