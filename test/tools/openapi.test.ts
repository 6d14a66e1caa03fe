/**
 * schemas/openapi.json's tool-argument components (SearchArgs, ExtractorArgs) are derived from the
 * tools' one declaration. The file on disk must equal what is derived; after changing a declaration,
 * rewrite it with `npx vitest run test/tools/openapi.test.ts -u`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiToolSchemas } from '../../src/tools/definitions.js';

const FILE = resolve(import.meta.dirname, '../../schemas/openapi.json');

type Spec = {
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
};

describe('schemas/openapi.json tool arguments', () => {
  it('are the components derived from the tool declarations', async () => {
    const spec = JSON.parse(readFileSync(FILE, 'utf8')) as Spec;
    Object.assign(spec.components.schemas, openApiToolSchemas());
    await expect(`${JSON.stringify(spec, null, 2)}\n`).toMatchFileSnapshot(FILE);
  });

  it('are what the tool routes take', () => {
    const spec = JSON.parse(readFileSync(FILE, 'utf8')) as Spec;
    const body = (path: string) => spec.paths[path]!.post!.requestBody!.content['application/json']!.schema;
    expect(body('/v1/search')).toEqual({ $ref: '#/components/schemas/SearchArgs' });
    expect(body('/v1/open')).toEqual({ $ref: '#/components/schemas/ExtractorArgs' });
    expect((body('/v1/call') as { properties: { arguments: { anyOf: unknown[] } } }).properties.arguments.anyOf).toEqual([
      { $ref: '#/components/schemas/SearchArgs' },
      { $ref: '#/components/schemas/ExtractorArgs' },
      { type: 'string' },
    ]);
    expect(spec.components.schemas.SearchArgs).toMatchObject({ additionalProperties: false, properties: { page: { maximum: 100 } } });
  });
});
