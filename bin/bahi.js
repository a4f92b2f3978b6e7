#!/usr/bin/env node
// The `bahi` command: loads the TypeScript sources through tsx, then runs the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/main/cli.ts');
