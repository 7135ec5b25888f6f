import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    input: z.object({}).default({}),
    output: z.object({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgres']),
      version: z.string(),
      uptimeSeconds: z.number(),
    }),
    auth: 'public',
    tag: 'system',
    summary: 'Liveness and database check',
  }),
};
