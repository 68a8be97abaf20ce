// The kit's body parser keeps the raw bytes of a JSON body (services verify signatures over them).
declare module 'node:http' {
  interface IncomingMessage {
    /** The raw bytes of a JSON body, as received. */
    rawBody?: Buffer;
  }
}

export {};
