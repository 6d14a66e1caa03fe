import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openPolicySchema } from '../../src/search/session.js';
import { createApp } from '../../src/server/app.js';
import { REPO } from './mcp-clients.js';
import { testServer, worldsDir } from './fixtures.js';

describe('schemas/openapi.json', () => {
  it('documents exactly the routes the app serves', () => {
    const spec = JSON.parse(readFileSync(resolve(REPO, 'schemas/openapi.json'), 'utf8')) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(spec.openapi).toMatch(/^3\.1/);
    const s = testServer(worldsDir(1).dir);
    const app = createApp(s.ctx);
    const served = new Set(
      app.routes.filter((r) => r.path !== '/*').map((r) => `${r.method === 'ALL' ? 'post' : r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = new Set(
      Object.entries(spec.paths).flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'get' || !p.startsWith('/mcp'))
          .filter((m) => m !== 'delete' || !p.startsWith('/mcp'))
          .map((m) => `${m} ${p}`),
      ),
    );
    expect([...documented].sort()).toEqual([...served].sort());
    s.ctx.close();
  });

  it('describes the session option open as it is declared, on session creation and in the session', () => {
    const spec = JSON.parse(readFileSync(resolve(REPO, 'schemas/openapi.json'), 'utf8'));
    const { $schema: _, ...declared } = z.toJSONSchema(openPolicySchema) as Record<string, unknown>;
    expect(spec.components.schemas.OpenPolicy).toEqual(declared);
    const ref = { $ref: '#/components/schemas/OpenPolicy' };
    expect(spec.paths['/v1/sessions'].post.requestBody.content['application/json'].schema.properties.open).toEqual(ref);
    expect(spec.components.schemas.Session.properties.open).toEqual(ref);
    expect(spec.components.schemas.Session.required).toContain('open');
  });
});
