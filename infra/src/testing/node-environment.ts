// Jest's node environment, with the typed arrays of the process itself. Jest runs each test file in its own
// realm, whose Float32Array is not the one native addons see: onnxruntime-node (the sentence-embedding model,
// services/embeddings) checks `data instanceof Float32Array` against the process's class and rejects the realm's
// arrays ("A float32 tensor's data must be type of function Float32Array()", jestjs/jest#2549). Giving the test
// realm the process's constructors makes every typed array one kind again, as it is when the services run.
import { TestEnvironment as NodeEnvironment } from 'jest-environment-node';

const TYPED_ARRAYS = [
  'ArrayBuffer',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
] as const;

export default class ProcessTypedArraysEnvironment extends NodeEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    for (const name of TYPED_ARRAYS) (this.global as Record<string, unknown>)[name] = globalThis[name];
  }
}
