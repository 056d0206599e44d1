import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ServedOntologies } from './served-ontologies';
import { policyMessages } from './policy-prompt';
import { registerResources } from './resources';
import { registerTools } from './tools';

export const MCP_SERVER_NAME = 'oa-rag-workbench';

/** One MCP server (tools, resources, the policy prompt) over already opened ontologies. */
/** `client` names who the server answers (stdio, an HTTP connection) for the SPARQL queue's fair share. */
export function createOntologyMcpServer(set: ServedOntologies, version: string, client = 'mcp:stdio'): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        `Exact reasoning over ${set.ids.join(', ')}: every answer comes from the ontology's entailment closure. ` +
        'Use search to find names, then describe, ask, select, related and explain; CONTRADICTED means the ontology proves it false; UNKNOWN means no reasoner settled it. ' +
        'The prompt "oa-rag-verification" describes the whole way of answering with evidence and a grounding level.',
    },
  );
  registerTools(server, set, client);
  registerResources(server, set);
  server.registerPrompt(
    'oa-rag-verification',
    {
      title: 'Answer with ontology verification (OA-RAG)',
      description:
        'How to answer a question with these tools: draft, verify with exact queries, answer, cite the observations and give a grounding level.',
      argsSchema: { question: z.string().max(20_000).optional().describe('The question to answer') },
    },
    ({ question }) => ({ description: 'OA-RAG verification policy', messages: policyMessages(question) }),
  );
  return server;
}
