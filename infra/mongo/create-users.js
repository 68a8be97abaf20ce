/* global db, print */
// docker-compose's MongoDB: run by the mongo image once, when its volume is still empty
// (/docker-entrypoint-initdb.d, as the root user of MONGO_INITDB_ROOT_USERNAME). Each service gets a user
// of its own that may read and write its own database only (hhp-<service>), with the password that
// docker-compose.yml passes to both the service (in its MONGODB_URI) and this container (MONGO_PASSWORD_*).
// A volume created before this script existed keeps its users: add them by hand or start from a new volume.
// One user per MONGO_PASSWORD_<SERVICE> that docker-compose.yml gives this container, named as the service
// (MONGO_PASSWORD_AI_QUERY: ai-query): scripts/check-compose.mjs holds those variables to the services
// manifest (proto/src/services.ts), whose names are lower-case words joined by `-`.
const services = Object.keys(process.env)
  .filter((name) => name.startsWith('MONGO_PASSWORD_'))
  .map((name) => name.slice('MONGO_PASSWORD_'.length).toLowerCase().replace(/_/g, '-'));
if (services.length === 0) throw new Error('no MONGO_PASSWORD_<SERVICE> is set');

for (const service of services) {
  const variable = `MONGO_PASSWORD_${service.toUpperCase().replace(/-/g, '_')}`;
  const password = process.env[variable];
  if (!password) throw new Error(`${variable} is not set`);
  const database = `hhp-${service}`;
  db.getSiblingDB(database).createUser({
    user: service,
    pwd: password,
    roles: [{ role: 'readWrite', db: database }],
  });
  print(`created MongoDB user ${service} (readWrite on ${database})`);
}
