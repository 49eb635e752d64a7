// The tool server: an McpServer with the six tools, built for one HTTP request (the transport is
// stateless, and building it costs microseconds), bound to the calling key.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerTool, type ToolContext, type ToolDefinition } from './tool-kit.ts';
import { searchSkillsTool } from './tools/search-skills.ts';
import { getSkillTool } from './tools/get-skill.ts';
import { scanSkillTool } from './tools/scan-skill.ts';
import { auditSkillsTool } from './tools/audit-skills.ts';
import { downloadSkillTool } from './tools/download-skill.ts';
import { myLibraryTool } from './tools/my-library.ts';

// Each definition is typed by its own schemas; the list holds them under the common type.
export const TOOLS: readonly ToolDefinition[] = [
  searchSkillsTool,
  getSkillTool,
  scanSkillTool,
  auditSkillsTool,
  downloadSkillTool,
  myLibraryTool,
] as unknown as ToolDefinition[];

export const SERVER_INFO = { name: 'skillgate', version: '0.1.0' };

const INSTRUCTIONS = `skillgate is a directory of agent skills in which every skill carries a security grade (A best to F worst) from 120 detection rules.
Before installing a skill, find it with search_skills and read its grade with get_skill; download_skill refuses skills graded worse than C unless force is true.
Grade a skill you are writing with scan_skill, and check the skills already installed with audit_skills.
Each tool call counts as one request against the API key's daily limit.`;

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  for (const tool of TOOLS) registerTool(server, tool, ctx);
  return server;
}
