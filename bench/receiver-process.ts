/**
 * A webhook receiver for the drain benchmark, run as its own process so that answering
 * deliveries does not share an event loop (or a core's time slices) with autocannon, whose
 * latency figures it would otherwise inflate. Acknowledges every POST at once (204); GET
 * /stats answers `{ requests, distinct }` (distinct X-Svc-Delivery ids). Prints its port.
 *
 *   node --import tsx bench/receiver-process.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const ids = new Set<string>();
let requests = 0;
const server = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests, distinct: ids.size }));
      return;
    }
    requests++;
    ids.add(String(req.headers['x-svc-delivery']));
    res.writeHead(204).end();
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => process.exit(0));
