/**
 * The layering of docs/architecture.md, enforced in `npm test`:
 *   http | workers | cli → modules → platform → db → kernel
 * and main/ (the composition root) is the only place that sees everything.
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'console-uses-only-the-api', severity: 'error', comment: 'the console is a client: it reaches the server through the SDK (the public API) alone',
      from: { path: '^console/' }, to: { path: '^(src|test|bench|scripts)/' },
    },
    {
      name: 'kernel-is-a-leaf', severity: 'error', comment: 'kernel holds dependency-free primitives',
      from: { path: '^src/kernel/' }, to: { path: '^src/(?!kernel/)' },
    },
    {
      name: 'db-knows-only-kernel', severity: 'error',
      from: { path: '^src/db/' }, to: { path: '^src/(platform|modules|http|main|cli|workers)/' },
    },
    {
      name: 'platform-below-modules', severity: 'error',
      from: { path: '^src/platform/' }, to: { path: '^src/(modules|http|main|cli|workers)/' },
    },
    {
      name: 'http-does-not-know-modules', severity: 'error',
      from: { path: '^src/http/' }, to: { path: '^src/(modules|main|cli|workers)/' },
    },
    {
      name: 'modules-meet-through-index', severity: 'error',
      comment: "a module reaches another through its index.ts, or its pure rules, postings, schemas and response schemas",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$', '\\.(rules|posting|schemas|responses)\\.ts$'] },
    },
    {
      name: 'use-cases-never-see-fastify', severity: 'error',
      from: { path: '\\.(service|repository|rules|posting)\\.ts$' }, to: { path: 'node_modules/fastify/' },
    },
    {
      name: 'pure-rules-stay-pure', severity: 'error', comment: 'rules and postings import only the kernel (and types: a type does nothing at run time)',
      from: { path: '^src/.+\\.(rules|posting)\\.ts$' },
      to: { path: '^src/', pathNot: ['^src/kernel/', '\\.schemas\\.ts$', '\\.(rules|posting)\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'metrics-behind-their-interface', severity: 'error',
      comment: 'code measures through platform/metrics/metrics.ts; only the Prometheus side knows prom-client',
      from: { path: '^src/', pathNot: '^src/platform/metrics/prometheus\\.ts$' }, to: { path: 'node_modules/prom-client/' },
    },
    {
      name: 'only-main-composes', severity: 'error',
      from: { path: '^src/', pathNot: '^src/main/' }, to: { path: '^src/main/' },
    },
    {
      name: 'sdk-stands-alone', severity: 'error', comment: 'the published SDK holds its own code: nothing from the service',
      from: { path: '^sdk/src/' }, to: { path: '^(src|test|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
