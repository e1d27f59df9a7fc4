import { env } from 'node:process';
import type { Plugin, UserConfig } from 'vite';

/**
 * Groups what the two routes every visit starts with load (the login page; the signed-in frame before
 * its page) into a few chunks instead of the dozens rolldown makes by default (one per set of lazy
 * imports sharing a module, many of them a few hundred bytes). Each route loads the same code as
 * before, in fewer files that compress better together (bench/bundle-size.ts measures it):
 *   main: what the entry loads; shared: what the login page and the frame both load besides;
 *   frame: the frame alone; login: what no page but the login page loads. What the login page shares
 *   with other pages but not the frame (antd Form) keeps rolldown's chunks, as the pages do: a group
 *   of those would make each such page load all of them.
 *
 * Which modules a route really loads is known only after tree shaking (the sources import antd's
 * index, which imports every component), so a first build without these groups answers it: its
 * chunks, their static imports and modules. The production build then names the groups.
 */
const LOGIN_ROOTS = ['src/layouts/user-layout/user-layout.tsx', 'src/features/auth/login-page.tsx'];
const FRAME_ROOTS = ['src/app/app-root.tsx', 'src/app/session-start.ts', 'src/layouts/global-layout/global-layout.tsx'];
const GROUPS = ['main', 'shared', 'frame', 'login'] as const;
type GroupName = (typeof GROUPS)[number];

/** Set in the first build, which must not plan again. */
const FIRST_PASS = 'LIMS_ROUTE_CHUNKS_FIRST_PASS';

type OutChunk = {
  facade: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  modules: string[];
};

/** The entry script, which index.html loads. */
const ENTRY = 'src/app/main.tsx';

/** The files a chunk loads: itself and its static imports, transitively. */
function loads(chunks: Map<string, OutChunk>, from: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}

/** Module id → group, from the first build's chunks. */
export function planGroups(chunks: Map<string, OutChunk>, appRoot: string): Map<string, GroupName> {
  const files = [...chunks];
  const fileOf = (module: string) => {
    const hit = files.find(([, c]) => c.facade === `${appRoot}/${module}`);
    if (!hit) throw new Error(`route-chunks: no chunk for ${module}`);
    return hit[0];
  };
  const entryFile = files.find(([, c]) => c.isEntry)?.[0];
  if (!entryFile) throw new Error('route-chunks: no entry chunk');
  const roots = new Set([entryFile, ...[...LOGIN_ROOTS, ...FRAME_ROOTS].map(fileOf)]);
  const entry = loads(chunks, [entryFile]);
  const login = loads(chunks, LOGIN_ROOTS.map(fileOf));
  const frame = loads(chunks, FRAME_ROOTS.map(fileOf));
  const loginFiles = new Set(LOGIN_ROOTS.map(fileOf));
  const others = loads(
    chunks,
    files.filter(([file, c]) => c.isDynamicEntry && !loginFiles.has(file)).map(([file]) => file),
  );
  const plan = new Map<string, GroupName>();
  for (const [file, chunk] of chunks) {
    const group: GroupName | null = entry.has(file)
      ? 'main'
      : login.has(file) && frame.has(file)
        ? 'shared'
        : frame.has(file)
          ? 'frame'
          : login.has(file) && !others.has(file)
            ? 'login'
            : null;
    if (!group) continue;
    // index.html with the entry script, and the lazily imported roots stay files of their own (what the
    // page and the router import); the rest of their chunk goes to a group like any other module, so
    // that no group takes it in as an import of its own modules.
    const own = new Set(roots.has(file) ? [chunk.facade, `${appRoot}/${ENTRY}`] : []);
    for (const id of chunk.modules) if (!own.has(id)) plan.set(id, group);
  }
  return plan;
}

/** The first build (same config, nothing written): its chunks. */
async function firstBuild(root: string): Promise<Map<string, OutChunk>> {
  const { build } = await import('vite');
  const chunks = new Map<string, OutChunk>();
  env[FIRST_PASS] = '1';
  try {
    await build({
      root,
      logLevel: 'silent',
      build: { write: false },
      plugins: [
        {
          name: 'lims-route-chunks-collect',
          generateBundle(_options, bundle) {
            for (const out of Object.values(bundle)) {
              if (out.type !== 'chunk') continue;
              chunks.set(out.fileName, {
                facade: out.facadeModuleId,
                isEntry: out.isEntry,
                isDynamicEntry: out.isDynamicEntry,
                imports: out.imports,
                modules: Object.keys(out.modules),
              });
            }
          },
        },
      ],
    });
  } finally {
    delete env[FIRST_PASS];
  }
  return chunks;
}

/**
 * Adds the groups (after the config's own, at priorities below `belowPriority`) to a production build.
 * The module ids are the bundler's: absolute paths, with `appRoot` the web app's folder.
 */
export function routeChunks(appRoot: string, belowPriority: number): Plugin {
  return {
    name: 'lims-route-chunks',
    apply: 'build',
    async config(config: UserConfig, { command }) {
      if (command !== 'build' || env[FIRST_PASS]) return;
      const plan = planGroups(await firstBuild(appRoot), appRoot);
      const groups = GROUPS.map((name, i) => ({
        name: (id: string) => (plan.get(id) === name ? name : null),
        priority: belowPriority - 1 - i,
      }));
      const output = config.build?.rolldownOptions?.output;
      if (!output || Array.isArray(output)) throw new Error('route-chunks: one build output expected');
      const splitting = typeof output.codeSplitting === 'object' ? output.codeSplitting : {};
      output.codeSplitting = { ...splitting, groups: [...(splitting.groups ?? []), ...groups] };
    },
  };
}
