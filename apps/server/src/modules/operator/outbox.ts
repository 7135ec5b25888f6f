import type { api, TParsed } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { filters, runPlatformListQuery } from '../../platform/list-query.ts';

/** Every mail the platform stored or sent: verification codes and notices work in a demo without SMTP. */
export async function outboxPage(db: Db, req: TParsed<typeof api.operator.outboxPage>) {
  const { list, total } = await runPlatformListQuery(db, {
    table: mailOutbox,
    select: {
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      status: mailOutbox.status,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
    },
    where: [filters.contains(mailOutbox.to, req.to), filters.eq(mailOutbox.status, req.status)],
    sortable: { createdAt: mailOutbox.createdAt, to: mailOutbox.to },
    defaultSort: { column: mailOutbox.createdAt, order: 'desc' },
    tieBreak: mailOutbox.id,
    page: req,
  });
  return { list: list.map((m) => ({ ...m, createdAt: m.createdAt.getTime() })), total };
}
