// @evan/opus's WebAssembly build (its package types only the entry that prefers the native addon).
declare module '@evan/opus/wasm/index.js' {
  export class Decoder {
    constructor(options: { channels?: 1 | 2; sample_rate?: number });
    decode(packet: ArrayBufferView): Uint8Array;
    drop(): void;
  }
  export class Encoder {
    constructor(options: {
      channels?: 1 | 2;
      sample_rate?: number;
      application?: 'voip' | 'audio' | 'restricted_lowdelay';
    });
    encode(pcm: ArrayBufferView): Uint8Array;
    drop(): void;
  }
  const opus: { Decoder: typeof Decoder; Encoder: typeof Encoder };
  export default opus;
}
