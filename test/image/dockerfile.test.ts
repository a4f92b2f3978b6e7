import fs from 'node:fs';
import { expect, it } from 'vitest';

/*
 * The image's promises to operators (docs/operations.md, "Running in Docker"). No Docker engine
 * runs where the tests do, so the Dockerfile is read as text: its last stage is what runs.
 */
const dockerfile = fs.readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
// Continuation lines joined, comments dropped: one instruction a line.
const instructions = dockerfile.replace(/\\\n\s*/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
const finalStage = instructions.slice(instructions.findLastIndex((line) => /^FROM\s/i.test(line)));
const instruction = (name: string) => finalStage.filter((line) => line.toUpperCase().startsWith(`${name} `));

it('Dockerfile (checked as a file, no Docker engine here): the running stage has a HEALTHCHECK on /readyz', () => {
  const [healthcheck, ...more] = instruction('HEALTHCHECK');
  expect(more).toEqual([]);
  expect(healthcheck).toMatch(/\/readyz/);
  expect(healthcheck).not.toMatch(/HEALTHCHECK\s+NONE/i);
});

it('Dockerfile (checked as a file, no Docker engine here): the running stage runs as a user other than root', () => {
  const users = instruction('USER').map((line) => line.split(/\s+/)[1]);
  expect(users.length).toBeGreaterThan(0);
  expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
});

it('Dockerfile (checked as a file, no Docker engine here): the data dir is a volume', () => {
  const dataDir = /BAHI_DATA_DIR=(\S+)/.exec(instruction('ENV').join(' '))?.[1];
  expect(dataDir).toBeDefined();
  expect(instruction('VOLUME').join(' ')).toContain(`"${dataDir}"`);
});

it('Dockerfile (checked as a file, no Docker engine here): the console is built in the first stage and only its bundle runs', () => {
  const firstStage = instructions.slice(0, instructions.findLastIndex((line) => /^FROM\s/i.test(line)));
  // npm ci runs the prepare script (the console's build) with the development dependencies, then they go.
  expect(firstStage.join('\n')).toMatch(/RUN npm ci(?: --no-[a-z-]+)* && npm prune --omit=dev/);
  expect(firstStage.join('\n')).toMatch(/COPY console \.\/console/);
  expect(instruction('COPY')).toContain('COPY --from=dependencies /app/console/dist ./console/dist');
});
