/** Fastify answering one small JSON body, in a process of its own: the HTTP floor of bench/floors.ts. Prints its port. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);
