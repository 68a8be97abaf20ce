// The kit's body parsers keep the raw bytes of a body (services verify signatures over them).
declare module 'node:http' {
  interface IncomingMessage {
    /** The bytes of the body as received (after Content-Encoding is undone). */
    rawBody?: Buffer;
  }
}

export {};
