import { z } from 'zod';

/**
 * zod compiles fast parsers with `new Function` and, to know whether it may, probes `Function('')`
 * once; under the server's Content-Security-Policy (no 'unsafe-eval') that probe is reported as a
 * violation even though zod catches it. The client imports zod through @parlor/protocol, whose
 * schemas are built when it loads: this module is imported first in main.tsx, so that zod is told
 * before any schema exists never to try eval (zod 4: `z.config({ jitless: true })`).
 */
z.config({ jitless: true });
