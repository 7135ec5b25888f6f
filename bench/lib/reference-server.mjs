// Bare Fastify: each route answers its fixed JSON body from memory. The same-run reference for the
// API scenarios (what the framework and loopback cost without auth, database or serialisation).
import Fastify from 'fastify';

const routes = JSON.parse(process.env.ROUTES ?? '{}');
const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ok: true }));
for (const [route, body] of Object.entries(routes)) {
  const [method, url] = route.split(' ');
  app.route({ method, url, handler: (_req, reply) => reply.type('application/json').send(body) });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
