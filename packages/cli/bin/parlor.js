#!/usr/bin/env node
import { main } from '../dist/index.js';

main(process.argv).then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`parlor: ${err instanceof Error ? err.message : String(err)}`); process.exitCode = 2; },
);
