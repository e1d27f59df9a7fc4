import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * package.json declares `zod-zh.ts` as the package's one module with side effects (it installs the
 * Chinese error map): the web's bundler (rolldown, under Vite) keeps it and leaves out every schema a
 * chunk does not use.
 */
describe('a bundle of one schema of the package', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contracts-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('speaks Chinese and carries none of the schemas it does not use', async () => {
    const entry = path.join(dir, 'entry.ts');
    const index = path.resolve(import.meta.dirname, 'index.ts');
    writeFileSync(
      entry,
      `import { dictFormSchema } from ${JSON.stringify(index)};\n` +
        "console.log(dictFormSchema.shape.dictName.safeParse('x'.repeat(101)).error?.issues[0]?.message);\n",
    );
    const out = await build({ input: entry, platform: 'node', write: false, logLevel: 'silent' });
    const code = out.output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n');
    // 检测报告 (lims-report.ts) has nothing to do with a dictionary form.
    expect(code).not.toContain('检测报告不存在或无权查看');
    writeFileSync(path.join(dir, 'bundle.mjs'), code);
    const run = spawnSync(process.execPath, [path.join(dir, 'bundle.mjs')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('长度不能超过 100 个字符');
  });
});
