// What a tool is here, and how one is registered: a definition (name, schemas, behaviour hints)
// and a plain `run` that returns structured data plus readable text. Failures are AppErrors and
// become tool error results the assistant can read ("NOT_FOUND: ..."), with the code and details
// also in _meta; anything else is a bug, logged and answered INTERNAL_ERROR.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ContentBlock, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Tier } from '../../lib/tiers.ts';
import type { ScanRunner } from './scan-runner.ts';
import type { SemanticSearch } from './semantic-search.ts';

export interface ToolContext {
  pool: pg.Pool;
  keyId: number;
  tier: Tier;
  scans: ScanRunner;
  semanticSearch?: SemanticSearch;
  /** Largest content a tool accepts in one call (SKILL.md texts and files together), bytes. */
  maxInputBytes: number;
  /** Most files scan_skill accepts. */
  maxFiles: number;
  log: Logger;
}

export interface ToolAnswer<T> {
  /** The structured content; must match the tool's output schema. */
  data: T;
  /** The same answer for people and models that read text. */
  text: string;
  /** Content blocks after the text (download_skill's embedded ZIP). */
  extra?: ContentBlock[];
  /** A failed outcome that still carries its full data (scan_skill under its threshold). */
  isError?: boolean;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  run(args: z.output<I>, ctx: ToolContext): Promise<ToolAnswer<z.output<O>>>;
}

/** Keeps the types of a definition's arguments and results tied to its schemas. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(definition: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return definition;
}

/** Where the error code and details go in a tool error result, for programs that read them. */
export const ERROR_META_KEY = 'skillgate/error';

export function toolErrorResult(err: AppError): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${err.code}: ${err.message}` }],
    _meta: { [ERROR_META_KEY]: { code: err.code, message: err.message, ...err.details } },
  };
}

export function registerTool(server: McpServer, tool: ToolDefinition, ctx: ToolContext): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: { title: tool.title, ...tool.annotations },
    },
    async (args: unknown): Promise<CallToolResult> => {
      const started = performance.now();
      let result: CallToolResult;
      try {
        const answer = await tool.run(args as z.output<z.ZodObject>, ctx);
        result = {
          content: [{ type: 'text', text: answer.text }, ...(answer.extra ?? [])],
          structuredContent: answer.data as Record<string, unknown>,
          ...(answer.isError ? { isError: true } : {}),
        };
      } catch (err) {
        if (!(err instanceof AppError)) ctx.log.error('tool failed', { tool: tool.name, err });
        result = toolErrorResult(err instanceof AppError ? err : new AppError('INTERNAL_ERROR', 'Something went wrong on our side; the request id is in X-Request-Id'));
      }
      const error = result._meta?.[ERROR_META_KEY] as { code?: string } | undefined;
      ctx.log.info('tool call', { tool: tool.name, ms: Math.round((performance.now() - started) * 10) / 10, isError: result.isError === true, code: error?.code });
      return result;
    },
  );
}
