import { SERVICE_NAMES } from '@commonwork/contracts';
import { composeFile } from './compose.ts';
import { gatewayK8sUpstreams, k8sServiceFile, kustomizationFile, realtimeK8sNeeds } from './k8s.ts';
import { autoscalingFile, networkPoliciesFile } from './k8sPolicies.ts';
import { replaceRegion } from './text.ts';

/**
 * Every file `npm run generate` writes, by its path from the repository's root, made from the
 * service manifest. `read` gives a file's current text: gateway.yaml and realtime.yaml are written
 * by hand and only the region between their markers is generated.
 */
export function generatedFiles(read: (path: string) => string): Record<string, string> {
  const region = (path: string, body: string) => replaceRegion(read(path), path, body);
  return {
    'docker-compose.yml': composeFile(),
    'deploy/k8s/kustomization.yaml': kustomizationFile(),
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [`deploy/k8s/${name}.yaml`, k8sServiceFile(name)])),
    'deploy/k8s/gateway.yaml': region('deploy/k8s/gateway.yaml', gatewayK8sUpstreams()),
    'deploy/k8s/realtime.yaml': region('deploy/k8s/realtime.yaml', realtimeK8sNeeds()),
    'deploy/k8s/autoscaling.yaml': autoscalingFile(),
    'deploy/k8s/network-policies.yaml': networkPoliciesFile(),
  };
}
