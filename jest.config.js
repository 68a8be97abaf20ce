// One jest configuration for every workspace. TypeScript is compiled by SWC to ES modules; jest runs
// them with Node's VM modules (scripts/test.mjs starts jest with --experimental-vm-modules), so ESM-only
// dependencies load as they are.
const transform = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2023',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
      },
      module: { type: 'es6' },
    },
  ],
};
const shared = {
  // jest-environment-node with the process's typed arrays (infra/src/testing/node-environment.ts), for native addons.
  testEnvironment: '<rootDir>/infra/dist/testing/node-environment.js',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform,
  // Sources import siblings as './x.js' (NodeNext); the tests run the .ts files themselves.
  // In the frontend's unit tests a CSS module is an empty object, and the practitioner's name (Vite's
  // import.meta.env at build time) the build's default.
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.module\\.css$': '<rootDir>/frontend/test/css-module.ts',
    '^(\\.{1,2}/)+(shared/)?config/practitioner$': '<rootDir>/frontend/test/practitioner.ts',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.tools/', '<rootDir>/.data/'],
};

export default {
  // A global option (jest ignores it inside a project): integration suites start services and servers.
  testTimeout: 30000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/**/test/unit/**/*.test.ts?(x)'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/integration/**/*.test.ts'],
      // Built by `tsc -b` (jest cannot map .js imports in globalSetup). Starts FerretDB and nats-server once (or uses MONGODB_URI / NATS_URL) for all suites.
      globalSetup: '<rootDir>/infra/dist/testing/global-setup.js',
      globalTeardown: '<rootDir>/infra/dist/testing/global-teardown.js',
    },
  ],
};
