/**
 * Records the OpenAPI examples: runs the example scenario (test/support/example-scenario.ts) on a
 * fresh SQLite database and writes what every operation was sent and answered to
 * src/http/examples/examples.json. Run it when behaviour changes: `npx tsx scripts/record-examples.ts`.
 */
import fs from 'node:fs';
import { EXAMPLES_FILE, recordExampleScenario } from '../test/support/example-scenario';

const { examples, missing } = await recordExampleScenario();
if (missing.length > 0) {
  process.stderr.write(`The scenario reaches no example for: ${missing.join(', ')}\n`);
  process.exit(1);
}
fs.writeFileSync(EXAMPLES_FILE, `${JSON.stringify(examples, null, 2)}\n`);
process.stdout.write(`${Object.keys(examples).length} operations' examples written to ${EXAMPLES_FILE.pathname}\n`);
