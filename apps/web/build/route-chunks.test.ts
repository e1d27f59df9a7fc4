import { describe, expect, it } from 'vitest';
import { planGroups } from './route-chunks.ts';

const APP = '/app';
type Chunk = {
  facade: string | null;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  modules: string[];
};
const graph = (chunks: Record<string, Chunk>) =>
  new Map(
    Object.entries(chunks).map(([file, c]) => [
      file,
      {
        facade: c.facade,
        isEntry: c.isEntry ?? false,
        isDynamicEntry: c.isDynamicEntry ?? false,
        imports: c.imports ?? [],
        modules: c.modules,
      },
    ]),
  );
const root = (module: string, imports: string[]): Chunk => ({
  facade: `${APP}/${module}`,
  isDynamicEntry: true,
  imports,
  modules: [`${APP}/${module}`],
});

/** A first build as rolldown makes it: the entry, the five roots, a page, and the chunks they share. */
const FIRST_BUILD = graph({
  'index.js': {
    facade: `${APP}/index.html`,
    isEntry: true,
    imports: ['core.js'],
    modules: [`${APP}/index.html`, `${APP}/src/app/main.tsx`, '/app/src/app/router.tsx'],
  },
  'core.js': { facade: null, modules: ['antd/config-provider'] },
  'user-layout.js': root('src/layouts/user-layout/user-layout.tsx', ['button.js']),
  'login-page.js': root('src/features/auth/login-page.tsx', ['button.js', 'input.js', 'login-form.js']),
  'app-root.js': root('src/app/app-root.tsx', ['query.js']),
  'session-start.js': root('src/app/session-start.ts', ['query.js']),
  'global-layout.js': root('src/layouts/global-layout/global-layout.tsx', ['button.js', 'menu.js']),
  'supplier-page.js': root('src/features/supplier/supplier-list-page.tsx', ['input.js', 'table.js']),
  'button.js': { facade: null, modules: ['antd/button'] },
  'input.js': { facade: null, modules: ['antd/input'] },
  'login-form.js': { facade: null, modules: ['/app/src/features/auth/account-login-form.tsx'] },
  'query.js': { facade: null, modules: ['@tanstack/query-core'] },
  'menu.js': { facade: null, modules: ['antd/menu'] },
  'table.js': { facade: null, modules: ['antd/table'] },
});

describe('route chunk plan', () => {
  const plan = planGroups(FIRST_BUILD, APP);

  it('puts what the entry loads in main, but leaves index.html and the entry script where they are', () => {
    expect(plan.get('antd/config-provider')).toBe('main');
    expect(plan.get('/app/src/app/router.tsx')).toBe('main');
    expect(plan.has(`${APP}/index.html`)).toBe(false);
    expect(plan.has(`${APP}/src/app/main.tsx`)).toBe(false);
  });

  it('splits what the login page and the frame load by who loads it', () => {
    expect(plan.get('antd/button')).toBe('shared');
    expect(plan.get('antd/menu')).toBe('frame');
    expect(plan.get('@tanstack/query-core')).toBe('frame');
    expect(plan.has('antd/input')).toBe(false); // the login page and a list page, not the frame: left alone
    expect(plan.get('/app/src/features/auth/account-login-form.tsx')).toBe('login');
  });

  it('leaves the pages and what only they load to the bundler, and the lazily imported roots in files of their own', () => {
    expect(plan.has('antd/table')).toBe(false);
    expect(plan.has(`${APP}/src/features/supplier/supplier-list-page.tsx`)).toBe(false);
    expect(plan.has(`${APP}/src/features/auth/login-page.tsx`)).toBe(false);
    expect(plan.has(`${APP}/src/layouts/global-layout/global-layout.tsx`)).toBe(false);
  });

  it('fails loudly when a root it plans around is gone (renamed)', () => {
    const renamed = new Map(FIRST_BUILD);
    renamed.delete('login-page.js');
    expect(() => planGroups(renamed, APP)).toThrow(/no chunk for src\/features\/auth\/login-page\.tsx/);
  });
});
