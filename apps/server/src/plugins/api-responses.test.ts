import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/**
 * The JSON schema of every route's 200 answer, as the OpenAPI document has it, kept in
 * packages/contracts/api-responses.json: the web tests check the replies they fake against it, so a
 * fake that drifts from the real API fails. A route whose answer changed fails here until the file is
 * written again (`npx vitest run src/plugins/api-responses.test.ts -u` in apps/server).
 */
const FILE = fileURLToPath(new URL('../../../../packages/contracts/api-responses.json', import.meta.url));

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the answers the API declares', () => {
  it('are written down for the web tests (packages/contracts/api-responses.json)', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    // A recursive part (a tree's children) is a $ref the document does not define: left unchecked ({}).
    const standAlone = (schema: unknown): unknown =>
      JSON.parse(JSON.stringify(schema).replace(/\{"\$ref":"#\/components\/schemas\/[^"]+"\}/g, '{}'));
    const answers: Record<string, unknown> = {};
    for (const [route, operations] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
      if (!route.startsWith(t.config.apiBase + '/')) continue;
      for (const [method, op] of Object.entries(operations)) {
        const schema = op.responses?.['200']?.content?.['application/json']?.schema;
        if (schema) answers[`${method.toUpperCase()} ${route.slice(t.config.apiBase.length)}`] = standAlone(schema);
      }
    }
    expect(Object.keys(answers).length).toBeGreaterThan(100);
    await expect(JSON.stringify(answers, null, 2) + '\n').toMatchFileSnapshot(FILE);
  });
});
