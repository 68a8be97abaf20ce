// The services in docker-compose.yml: each one's environment from its settings, its image and its ports.
import { databaseName, natsUser } from '@hhp/proto/services';
import type { Setting } from '@hhp/proto/service-deploy';
import { envName, settingComment, type GeneratedService } from './generated-service.js';
import { q } from './generated-text.js';

export const required = (name: string) => `\${${name}:?set ${name} in .env (see .env.example)}`;

function composeValue(s: Setting): string {
  if ('secret' in s) return s.compose ?? (s.optional ? `\${${s.name}:-}` : required(s.name));
  if ('config' in s) return `\${${s.key ?? s.name}:-${s.default ?? ''}}`;
  return s.compose ?? (s.overridable ? `\${${s.name}:-${s.value}}` : q(s.value));
}

export function composeServices(services: readonly GeneratedService[]): string[] {
  const lines: string[] = [];
  for (const service of services) {
    const { name, deploy } = service;
    const env = envName(name);
    if (lines.length) lines.push('');
    lines.push(...(deploy.compose?.comment ?? []).map((l) => `# ${l}`), `${name}:`, '  <<: *service');
    if (deploy.image !== 'service')
      lines.push(`  image: hhp-${deploy.image}:local`, '  build:', '    context: .', `    target: ${deploy.image}`);
    lines.push(
      '  environment:',
      '    <<: *service-env',
      `    SERVICE: ${name}`,
      `    MONGODB_URI: mongodb://${name}:${required(`MONGO_PASSWORD_${env}`)}@mongo:27017/${databaseName(name)}?authSource=${databaseName(name)}`,
      `    NATS_USER: ${natsUser(name)}`,
      `    NATS_PASSWORD: ${required(`NATS_PASSWORD_${env}`)}`,
      `    PORT: '${service.port}'`,
    );
    for (const s of deploy.settings)
      lines.push(...settingComment(s).map((l) => `    ${l}`), `    ${s.name}: ${composeValue(s)}`);
    if (deploy.compose?.ports) lines.push('  ports:', ...deploy.compose.ports.map((p) => `    - '${p}'`));
  }
  return lines;
}
