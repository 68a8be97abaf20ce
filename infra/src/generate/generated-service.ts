// A service as the generator sees it (the manifest's entry and its deployment) and the names and values
// several generated files derive from it alike.
import type { ServiceDeploy, Setting } from '@hhp/proto/service-deploy';

/** A service as the generator sees it: the manifest's entry and its deployment. */
export interface GeneratedService {
  readonly name: string;
  readonly port: number;
  readonly routes: readonly string[];
  readonly keepalive: number;
  readonly deploy: ServiceDeploy;
}

export const envName = (name: string) => name.toUpperCase().replace(/-/g, '_');
export const portsOf = (services: readonly GeneratedService[]) => services.map((s) => s.port);
export const settingComment = (s: Setting) => ('comment' in s && s.comment ? [`# ${s.comment}`] : []);
