/**
 * The console on a server that has lived the example scenario's month of business, for working on
 * the console's pages: `npx tsx scripts/console-preview.ts [port]` (default 5180), then open
 * http://127.0.0.1:<port>/app and sign in with the token it prints. Stop it with Ctrl-C.
 * The bundle it serves is console/dist: run `npm run build:console` after a change.
 */
import { startExampleServer } from '../test/support/example-scenario';

const port = Number(process.argv[2] ?? 5180);
const server = await startExampleServer(port);
process.stdout.write(`Console: ${server.baseUrl}/app\nToken:   ${server.token}\nOrg:     ${server.orgId}\n`);
const stop = () => { void server.close().then(() => process.exit(0)); };
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
