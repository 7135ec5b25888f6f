import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { api } from '@tracehub/contract';
import { mailOutbox } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';

const startedAt = Date.now();

export function systemRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.system.health, async () => {
    await deps.db.execute('select 1');
    return {
      status: 'ok' as const,
      database: deps.dbKind,
      version: '0.1.0',
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  });

  // Tests read mailed codes here. Only with DEMO_HELPERS (loopback HOST only, see config): it answers
  // without a session, so anyone reaching it could read another account's sign-in code.
  // Registered only when explicitly enabled (loadConfig refuses it beyond loopback).
  if (deps.config.DEMO_HELPERS) {
    app.get(
      '/api/dev/outbox/latest',
      { schema: { hide: true, querystring: z.object({ email: z.string() }) } },
      async (req) => {
        const { email } = req.query as { email: string };
        const [row] = await deps.db
          .select({ subject: mailOutbox.subject, body: mailOutbox.body, createdAt: mailOutbox.createdAt })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, email.trim().toLowerCase())))
          .orderBy(desc(mailOutbox.id))
          .limit(1);
        const code = row ? (/\b([0-9A-Z]{6})\b/.exec(row.body)?.[1] ?? null) : null;
        return {
          code: '0000',
          msg: 'ok',
          data: row ? { ...row, createdAt: row.createdAt.getTime(), code } : null,
        };
      },
    );
  }
}
