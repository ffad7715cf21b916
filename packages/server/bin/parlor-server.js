#!/usr/bin/env node
import { main } from '../dist/index.js';

main().catch((err) => {
  console.error(`parlor server: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
