/** Input schema pieces the MCP tools share: `cheapest`'s filters, as `cheapest` and `cheapest_for_usage` take them. */
import * as z from 'zod';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../../../generator/query/cheapest.js';

export const cheapestFilters = {
  min_intel: z.number().min(0).max(100).optional().describe('Only models whose Artificial Analysis intelligence index is at least this (0-100)'),
  min_context: z.number().int().min(0).optional().describe('Only models with at least this many tokens of context'),
  vision: z.boolean().optional().describe('true: only models that take images'),
  reasoning: z.boolean().optional().describe('true: only reasoning models'),
  tools: z.boolean().optional().describe('true: only models with tool calling'),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`How many models at most (default ${DEFAULT_LIMIT})`),
};
