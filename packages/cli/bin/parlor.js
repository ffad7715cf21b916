#!/usr/bin/env node
import { main } from '../dist/index.js';

// Output piped into a program that stops reading (`parlor … | head`) is not an error.
process.stdout.on('error', (err) => { if (err.code === 'EPIPE') process.exit(0); throw err; });

main(process.argv).then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`parlor: ${err instanceof Error ? err.message : String(err)}`); process.exitCode = 2; },
);
