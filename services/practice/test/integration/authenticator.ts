// The software passkey lives in infra/src/testing/software-passkey.ts, where the api layer
// (scripts/api-test.mjs) signs a staff admin in with it too; the practice tests import it from here.
export * from '../../../../infra/src/testing/software-passkey.js';
