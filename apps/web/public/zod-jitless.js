// Runs before the console's modules (a classic script in <head>; modules are deferred). Zod 4 probes whether
// eval is allowed with `new Function` as each object schema is built, and the Content-Security-Policy
// forbids eval, so the probe would report a violation (and a console error) on every page. Zod reads its
// settings from this global, the one z.config writes; its parser without eval gives the same results.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
