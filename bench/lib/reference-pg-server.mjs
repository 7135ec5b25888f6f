// The database-work reference of the authenticated list on PostgreSQL (issue 14): a bare Fastify route that
// runs the account log list's SQL (the page, its users' names and the enterprise's, and the total capped at
// 10,000) through a plain `pg` pool as one statement, and answers the same JSON envelope. No session, no
// role, no row-level security, no transaction: what the list costs the database and the framework alone.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const enterpriseUuid = process.env.ENTERPRISE_UUID;
const LIST = `
with page as (
  select l.id, l.action, l.result, l.ip, l.user_agent, l.detail, l.created_at, l.user_id
  from account_log l
  where l.enterprise_uuid = $1
  order by l.created_at desc, l.id desc
  limit $2 offset $3
), capped as (
  select 1 from account_log where enterprise_uuid = $1 order by created_at desc limit 10000
)
select (select count(*)::int from capped) as total, p.*, u.username, e.name, e.english_name
from (select 1) one
left join page p on true
left join users u on u.id = p.user_id
left join enterprises e on e.uuid = $1
order by p.created_at desc, p.id desc`;

const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ok: true }));
app.post('/list', async (req, reply) => {
  const { pageNo = 1, pageSize = 10 } = req.body ?? {};
  const { rows } = await pool.query({
    name: 'list',
    text: LIST,
    values: [enterpriseUuid, pageSize, (pageNo - 1) * pageSize],
  });
  const list = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: Number(r.id),
      action: r.action,
      result: r.result,
      username: r.username,
      enterpriseName: r.name,
      enterpriseEnglishName: r.english_name,
      ip: r.ip,
      userAgent: r.user_agent,
      detail: r.detail,
      createdAt: r.created_at.getTime(),
    }));
  reply.type('application/json');
  return JSON.stringify({ code: '0000', msg: '操作成功', data: { list, total: rows[0]?.total ?? 0 } });
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
