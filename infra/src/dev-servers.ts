// Starts the stack's real dependencies (PostgreSQL, FerretDB, nats-server, nginx) as child processes on
// loopback. Used by the launcher (`npm start`), the jest integration setup and the end-to-end harness. One file
// per job; this one gathers them for the many importers.
export * from './ferretdb.js';
export * from './nats-server.js';
export * from './ports.js';
export * from './postgres.js';
export * from './processes.js';
export * from './scram.js';
