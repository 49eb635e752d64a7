// The directory tools end to end with the SDK's client over HTTP: the tool list and its schemas,
// search_skills, get_skill, download_skill and my_library, happy paths and errors.
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord } from '../support/test-app.ts';
import type { SemanticSearchRequest } from '../../api/mcp/semantic-search.ts';
import { getSkill } from '../../db/skills.ts';
import { startMcpTestService, type McpTestService } from './mcp-service.ts';

type Result = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: Result) => (r.content as { type: string; text?: string }[]).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
const data = (r: Result) => r.structuredContent as any;

/** Paths in a JSON Schema whose property has no description. */
function undescribed(schema: any, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const missing: string[] = [];
  for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) {
    if (!prop.description) missing.push(`${path}.${name}`);
    missing.push(...undescribed(prop, `${path}.${name}`));
  }
  if (schema.items) missing.push(...undescribed(schema.items, `${path}[]`));
  for (const alt of schema.anyOf ?? []) missing.push(...undescribed(alt, path));
  if (typeof schema.additionalProperties === 'object') missing.push(...undescribed(schema.additionalProperties, `${path}{}`));
  return missing;
}

const FINDING = {
  folder: '', ruleId: 'EXF-01', category: 'exfiltration', severity: 'high', title: 'Sends data out', message: 'Posts a file to a server',
  file: 'SKILL.md', line: 7, column: 3, evidence: 'curl -d @~/.ssh/id_rsa', fix: 'Do not send local files anywhere',
};

describe(`directory tools on ${BACKENDS[0]}`, () => {
  let t: McpTestService;
  let pro: Client;
  let enterprise: Client;
  const semanticRequests: SemanticSearchRequest[] = [];

  beforeAll(async () => {
    t = await startMcpTestService(BACKENDS[0], {}, {
      // Stands in for the embeddings search: the real one is composed by the service.
      semanticSearch: async (request) => {
        semanticRequests.push(request);
        const item = await getSkill(t.db.pool, request.tier, 'pdf-tools');
        return [{ ...item, _score: 0.91, _similarity: 0.83 }];
      },
    });
    await addCategories(t.db.pool, ['documents', 'devops']);
    await addSkills(t.db.pool, [
      skillRecord({ slug: 'pdf-tools', name: 'PDF tools', description: 'Extract text and tables from PDF files', category: 'documents', stars: 300, securityScore: 96,
        content: '---\nname: pdf-tools\n---\n# PDF tools\n', files: [{ path: 'scripts/extract.py', content: Buffer.from('print("pdf")\n') }] }),
      skillRecord({ slug: 'pdf-merge', name: 'PDF merge', description: 'Merge PDF files', category: 'documents', stars: 20, securityScore: 80 }),
      skillRecord({ slug: 'pdf-risky', name: 'PDF risky', description: 'Sends PDF files somewhere', category: 'documents', stars: 5, securityScore: 30,
        findings: [FINDING], analysis: { summary: '1 finding (1 high), mostly exfiltration.', riskLevel: 'high', findingCounts: { critical: 0, high: 1, medium: 0, low: 0 }, categories: { exfiltration: 1 }, files: 1 } }),
      skillRecord({ slug: 'deploy-helper', name: 'Deploy helper', description: 'Deploys services', category: 'devops', stars: 50, securityScore: 92 }),
    ]);
    pro = await t.client(await t.key('pro'));
    enterprise = await t.client(await t.key('enterprise'));
  });
  afterAll(async () => t?.close());

  describe('tool list', () => {
    it('lists six tools with titles, descriptions, hints and input and output schemas', async () => {
      const { tools } = await pro.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['search_skills', 'get_skill', 'scan_skill', 'audit_skills', 'download_skill', 'my_library']);
      for (const tool of tools) {
        expect(tool.title, tool.name).toBeTruthy();
        expect(tool.description!.length, tool.name).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type, tool.name).toBe('object');
        expect(tool.annotations, tool.name).toMatchObject({
          readOnlyHint: expect.any(Boolean), destructiveHint: expect.any(Boolean), idempotentHint: expect.any(Boolean), openWorldHint: false,
        });
      }
      const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
      expect(byName.my_library.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(byName.get_skill.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(byName.scan_skill.inputSchema.properties).toHaveProperty('files');
      expect(byName.audit_skills.inputSchema.required).toEqual(['skills']);
    });

    it('describes every field of every input and output schema', async () => {
      const { tools } = await pro.listTools();
      for (const tool of tools) {
        expect(undescribed(tool.inputSchema), `${tool.name} input`).toEqual([]);
        expect(undescribed(tool.outputSchema), `${tool.name} output`).toEqual([]);
      }
    });
  });

  describe('search_skills', () => {
    it('searches names and descriptions, grade A only by default, most starred first, as structured content and text', async () => {
      const res = await pro.callTool({ name: 'search_skills', arguments: { query: 'pdf' } });
      expect(res.isError).toBeFalsy();
      expect(data(res)).toMatchObject({ query: 'pdf', semantic: false, securityGrade: 'A', totalCount: 1 });
      expect(data(res).items).toEqual([expect.objectContaining({ slug: 'pdf-tools', securityGrade: 'A', securityScore: 96, stars: 300 })]);
      expect(data(res).items[0]).not.toHaveProperty('content');
      expect(textOf(res)).toMatch(/1 skill match "pdf" with grade A or better:\n1\. pdf-tools: PDF tools, grade A \(96\/100\)/);
    });

    it('applies securityGrade, minSecurityScore, category, limit and sort', async () => {
      const all = await pro.callTool({ name: 'search_skills', arguments: { query: 'pdf', securityGrade: 'all' } });
      expect(data(all).items.map((s: any) => s.slug)).toEqual(['pdf-tools', 'pdf-merge', 'pdf-risky']);
      const b = await pro.callTool({ name: 'search_skills', arguments: { query: 'pdf', securityGrade: 'B', limit: 1 } });
      expect(data(b)).toMatchObject({ totalCount: 2, items: [{ slug: 'pdf-tools' }] });
      expect(textOf(b)).toMatch(/the first 1/);
      const floor = await pro.callTool({ name: 'search_skills', arguments: { query: 'pdf', securityGrade: 'all', minSecurityScore: 50, sort: 'recent' } });
      expect(data(floor).items.map((s: any) => s.slug)).toEqual(['pdf-merge', 'pdf-tools']);
      const devops = await pro.callTool({ name: 'search_skills', arguments: { query: 'e', category: 'devops' } });
      expect(data(devops).items.map((s: any) => s.slug)).toEqual(['deploy-helper']);
    });

    it('says when nothing matches, and refuses unknown categories and bad arguments', async () => {
      const none = await pro.callTool({ name: 'search_skills', arguments: { query: 'zebra' } });
      expect(none.isError).toBeFalsy();
      expect(data(none).items).toEqual([]);
      expect(textOf(none)).toMatch(/No skills match "zebra" with grade A or better/);
      const category = await pro.callTool({ name: 'search_skills', arguments: { query: 'pdf', category: 'nope' } });
      expect(category.isError).toBe(true);
      expect(textOf(category)).toMatch(/^INVALID_PARAMETER: category "nope" does not exist/);
      for (const args of [{ query: '' }, { query: 'pdf', limit: 101 }, { query: 'pdf', securityGrade: 'Z' }, {}]) {
        const bad = await pro.callTool({ name: 'search_skills', arguments: args });
        expect(bad.isError, JSON.stringify(args)).toBe(true);
        expect(textOf(bad)).toMatch(/Input validation error/);
      }
    });

    it('hands semantic searches to the semantic search with the filters, and returns relevance', async () => {
      const res = await pro.callTool({ name: 'search_skills', arguments: { query: 'read tables in documents', semantic: true, limit: 5, category: 'documents' } });
      expect(res.isError).toBeFalsy();
      expect(semanticRequests.at(-1)).toEqual({ query: 'read tables in documents', limit: 5, category: 'documents', minScore: 90, tier: 'pro' });
      expect(data(res)).toMatchObject({ semantic: true, totalCount: null, items: [{ slug: 'pdf-tools', relevance: 0.91, similarity: 0.83 }] });
      expect(textOf(res)).toMatch(/semantic search/);
    });
  });

  describe('get_skill', () => {
    it('gives Pro keys the text, grade and score but not the findings', async () => {
      const res = await pro.callTool({ name: 'get_skill', arguments: { slug: 'pdf-risky' } });
      expect(res.isError).toBeFalsy();
      expect(data(res)).toMatchObject({ slug: 'pdf-risky', securityGrade: 'F', securityScore: 30, content: expect.stringContaining('# Skill'), language: 'Python' });
      expect(data(res)).not.toHaveProperty('findings');
      expect(data(res)).not.toHaveProperty('contentHash');
      expect(textOf(res)).toMatch(/PDF risky \(pdf-risky\): grade F \(30\/100\)/);
      expect(textOf(res)).toMatch(/Findings are shown to Enterprise keys/);
    });

    it('gives Enterprise keys every finding with its line and fix, the analysis and the hash', async () => {
      const res = await enterprise.callTool({ name: 'get_skill', arguments: { slug: 'pdf-risky' } });
      const { folder: _folder, ...finding } = FINDING;
      expect(data(res).findings).toEqual([finding]);
      expect(data(res).analysis).toMatchObject({ riskLevel: 'high', findingCounts: { high: 1 } });
      expect(data(res).contentHash).toMatch(/^sha256:/);
      expect(textOf(res)).toMatch(/\[high\] SKILL\.md:7:3 EXF-01 Sends data out: Posts a file to a server\n  Fix: Do not send local files anywhere/);
    });

    it('answers NOT_FOUND naming the slug', async () => {
      const res = await pro.callTool({ name: 'get_skill', arguments: { slug: 'no-such' } });
      expect(res.isError).toBe(true);
      expect(textOf(res)).toBe('NOT_FOUND: No skill with slug "no-such"; search_skills finds slugs');
      expect(res._meta?.['skillgate/error']).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('download_skill', () => {
    it('returns the files as a ZIP under a folder named after the slug, as an embedded resource', async () => {
      const res = await pro.callTool({ name: 'download_skill', arguments: { slug: 'pdf-tools' } });
      expect(res.isError).toBeFalsy();
      const resource = (res.content as any[]).find((c) => c.type === 'resource').resource;
      expect(resource).toMatchObject({ uri: 'skillgate://skills/pdf-tools.zip', mimeType: 'application/zip' });
      const zip = new AdmZip(Buffer.from(resource.blob, 'base64'));
      expect(zip.getEntries().map((e) => e.entryName).sort()).toEqual(['pdf-tools/SKILL.md', 'pdf-tools/scripts/extract.py']);
      expect(zip.readAsText('pdf-tools/SKILL.md')).toBe('---\nname: pdf-tools\n---\n# PDF tools\n');
      expect(data(res)).toMatchObject({
        slug: 'pdf-tools', securityGrade: 'A', forced: false, folder: 'pdf-tools', zipBytes: Buffer.from(resource.blob, 'base64').length,
        files: [{ path: 'SKILL.md', bytes: 36 }, { path: 'scripts/extract.py', bytes: 13 }],
      });
      expect(textOf(res)).toMatch(/ZIP of \d+ bytes/);
      // The same version gives the same bytes.
      const again = await pro.callTool({ name: 'download_skill', arguments: { slug: 'pdf-tools' } });
      expect(data(again).sha256).toBe(data(res).sha256);
    });

    it('refuses a skill graded worse than C unless force is true', async () => {
      const refused = await pro.callTool({ name: 'download_skill', arguments: { slug: 'pdf-risky' } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^GRADE_BELOW_THRESHOLD: "pdf-risky" is graded F \(30\/100\), worse than C/);
      expect(refused._meta?.['skillgate/error']).toMatchObject({ securityGrade: 'F', threshold: 'C' });
      const forced = await pro.callTool({ name: 'download_skill', arguments: { slug: 'pdf-risky', force: true } });
      expect(forced.isError).toBeFalsy();
      expect(data(forced)).toMatchObject({ forced: true, securityGrade: 'F' });
      const merge = await pro.callTool({ name: 'download_skill', arguments: { slug: 'pdf-merge' } });
      expect(data(merge)).toMatchObject({ forced: false, securityGrade: 'B' });
    });

    it('answers NOT_FOUND for an unknown slug', async () => {
      const res = await pro.callTool({ name: 'download_skill', arguments: { slug: 'nope' } });
      expect(textOf(res)).toMatch(/^NOT_FOUND: No skill with slug "nope"/);
    });
  });

  describe('my_library', () => {
    it('lists, adds and removes the key\'s own skills, showing the library after each action', async () => {
      const client = await t.client(await t.key('pro'));
      const empty = await client.callTool({ name: 'my_library', arguments: { action: 'list' } });
      expect(data(empty)).toEqual({ action: 'list', slug: null, changed: false, totalCount: 0, items: [] });
      expect(textOf(empty)).toBe('Your library holds 0 skills.');
      const added = await client.callTool({ name: 'my_library', arguments: { action: 'add', slug: 'pdf-tools' } });
      expect(data(added)).toMatchObject({ action: 'add', slug: 'pdf-tools', changed: true, totalCount: 1, items: [{ slug: 'pdf-tools', addedAt: expect.stringMatching(/Z$/) }] });
      await client.callTool({ name: 'my_library', arguments: { action: 'add', slug: 'deploy-helper' } });
      const twice = await client.callTool({ name: 'my_library', arguments: { action: 'add', slug: 'pdf-tools' } });
      expect(data(twice)).toMatchObject({ changed: false, totalCount: 2 });
      expect(textOf(twice)).toMatch(/^pdf-tools was already in your library\. Your library holds 2 skills:/);
      expect(data(twice).items.map((s: any) => s.slug)).toEqual(['deploy-helper', 'pdf-tools']);
      // Another key has its own library.
      expect(data(await pro.callTool({ name: 'my_library', arguments: { action: 'list' } })).totalCount).toBe(0);
      const removed = await client.callTool({ name: 'my_library', arguments: { action: 'remove', slug: 'pdf-tools' } });
      expect(data(removed)).toMatchObject({ changed: true, totalCount: 1, items: [{ slug: 'deploy-helper' }] });
    });

    it('refuses unknown skills, removing what is not there, and a missing slug', async () => {
      const unknown = await pro.callTool({ name: 'my_library', arguments: { action: 'add', slug: 'nope' } });
      expect(textOf(unknown)).toMatch(/^NOT_FOUND: No skill with slug "nope"/);
      const absent = await pro.callTool({ name: 'my_library', arguments: { action: 'remove', slug: 'pdf-merge' } });
      expect(textOf(absent)).toMatch(/^NOT_FOUND: "pdf-merge" is not in your library/);
      const missing = await pro.callTool({ name: 'my_library', arguments: { action: 'add' } });
      expect(textOf(missing)).toMatch(/^MISSING_PARAMETER: slug is required to add a skill/);
      const bad = await pro.callTool({ name: 'my_library', arguments: { action: 'clear' } });
      expect(textOf(bad)).toMatch(/Input validation error/);
    });
  });

  it('answers an unknown tool with an error', async () => {
    const res = await pro.callTool({ name: 'no_such_tool', arguments: {} }).then((r) => r, (e: Error) => e);
    const message = res instanceof Error ? res.message : textOf(res);
    expect(message).toMatch(/Tool no_such_tool not found/);
  });
});
