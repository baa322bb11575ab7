import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { policyProblems } from './policy.ts';
import { deployDir, type K8sObject, render } from './render.ts';

// Issue 32: the Kubernetes manifests had never been validated. Here every object of the base
// (deploy/k8s) and of the servers (deploy/k8s/infra) is rendered, validated offline against
// Kubernetes' own schemas (kubernetes-models), and held to the policy in policy.ts.
const base = render(deployDir('k8s'));
const infra = render(deployDir('k8s', 'infra'));
const id = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

/** The stateful servers are scaled by hand, and Redis and PostgreSQL run one replica each (no PDB to block drains). */
const INFRA_OPTIONS = { withoutHpa: ['nats', 'redis', 'postgres'], withoutPdb: ['redis', 'postgres'] };

/** kubectl, when this machine has one (CI's Debian 12 has none; the TypeScript render stands in). */
const kubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function validate(object: K8sObject) {
  // kubernetes-models/apps/v1/Deployment, kubernetes-models/v1/Service, ...
  const path = ['kubernetes-models', object.apiVersion, object.kind].join('/');
  const model = await import(/* @vite-ignore */ path);
  new model[object.kind](object).validate();
}

describe('the Kubernetes manifests', () => {
  it.each([...base, ...infra].map((o) => [`${id(o)} (${o.metadata.namespace ?? 'cluster'})`, o] as const))(
    '%s validates against its schema',
    async (_, object) => {
      await expect(validate(object)).resolves.toBeUndefined();
    },
  );

  it('rejects an object its schema does not allow (the validation is real)', async () => {
    const deployment = structuredClone(base.find((o) => o.kind === 'Deployment') as K8sObject);
    deployment.spec.replicas = 'two';
    await expect(validate(deployment)).rejects.toThrow(/replicas must be integer/);
  });

  it('holds every workload to the policy: resources, probes, security context, a PDB, an HPA; every Service behind a NetworkPolicy', () => {
    expect(policyProblems(base)).toEqual([]);
    expect(policyProblems([...base, ...infra], INFRA_OPTIONS)).toEqual([]);
    const workloads = base.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet').map(id);
    // Every service of the manifest, the gateway and the realtime tier.
    expect(workloads).toEqual(expect.arrayContaining(['Deployment/gateway', 'Deployment/identity', 'StatefulSet/realtime']));
  });

  it('names what a workload lacks', () => {
    const broken = structuredClone(base).filter(
      (o) => !(['HorizontalPodAutoscaler', 'PodDisruptionBudget'].includes(o.kind) && o.metadata.name === 'orders'),
    );
    const orders = broken.find((o) => o.kind === 'Deployment' && o.metadata.name === 'orders') as K8sObject;
    const [container] = orders.spec.template.spec.containers;
    delete container.resources.limits;
    delete container.readinessProbe;
    container.securityContext = { readOnlyRootFilesystem: true };
    delete orders.spec.template.spec.securityContext.seccompProfile;
    expect(policyProblems(broken)).toEqual([
      'Deployment/orders container orders: no limits.cpu',
      'Deployment/orders container orders: no limits.memory',
      'Deployment/orders container orders: no readinessProbe',
      'Deployment/orders container orders: allowPrivilegeEscalation not false',
      'Deployment/orders container orders: capabilities not all dropped',
      'Deployment/orders container orders: seccompProfile not RuntimeDefault',
      'Deployment/orders: no PodDisruptionBudget selects its pods',
      'Deployment/orders: no HorizontalPodAutoscaler',
    ]);
  });

  it('names a Service no NetworkPolicy lets anything in to', () => {
    const without = base.filter((o) => !(o.kind === 'NetworkPolicy' && o.metadata.name === 'webhooks-ingress'));
    expect(policyProblems(without)).toEqual(['Service/webhooks port http: no NetworkPolicy lets anything in to it']);
  });

  it('lets services be reached only by the gateway, the realtime replicas and the services that need them', () => {
    const from = (name: string) =>
      base
        .find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === `${name}-ingress`)
        ?.spec.ingress.flatMap((rule: { from: { podSelector: { matchLabels: Record<string, string> } }[] }) =>
          rule.from.map((peer) => peer.podSelector.matchLabels['app.kubernetes.io/name']),
        );
    expect(from('orders')).toEqual(['gateway']);
    expect(from('messaging')).toEqual(['gateway', 'realtime']);
    expect(from('realtime')).toEqual(['gateway']);
    expect(from('identity')).toEqual(expect.arrayContaining(['gateway', 'realtime', 'orders', 'webhooks']));
    // The gateway is the one part open to the ingress controller (any namespace).
    const gateway = base.find((o) => o.metadata.name === 'gateway-ingress');
    expect(gateway?.spec.ingress).toEqual([{ ports: [{ protocol: 'TCP', port: 8080 }] }]);
  });

  it('keeps every JetStream stream on each node of the NATS cluster (NATS_STREAM_REPLICAS)', () => {
    const config = base.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'commonwork-config');
    const nats = infra.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats');
    expect(nats?.spec.replicas).toBe(3);
    const settings = config?.data as Record<string, string> | undefined;
    expect(Number(settings?.NATS_STREAM_REPLICAS)).toBe(nats?.spec.replicas);
  });

  it.skipIf(!kubectl)('renders as `kubectl kustomize` does', () => {
    for (const [dir, ours] of [
      [deployDir('k8s'), base],
      [deployDir('k8s', 'infra'), infra],
    ] as const) {
      const text = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
      const theirs = parseAllDocuments(text, { version: '1.1' }).map((d) => d.toJS() as K8sObject);
      const byId = (objects: readonly K8sObject[]) => [...objects].sort((a, b) => id(a).localeCompare(id(b)));
      expect(byId(ours)).toEqual(byId(theirs));
    }
  });
});

// No Docker daemon in CI: what makes the image build under both builders and run unprivileged is checked by reading it.
describe('the Dockerfile', () => {
  const dockerfile = readFileSync(deployDir('..', 'Dockerfile'), 'utf8');
  const instructions = dockerfile.split('\n').filter((line) => line.trim() && !line.startsWith('#'));

  it('needs nothing BuildKit alone has, nor any image but its base', () => {
    // A `# syntax=` directive makes BuildKit pull a frontend image; the classic builder knows no RUN --mount or heredocs.
    expect(dockerfile).not.toMatch(/^#\s*(syntax|check)\s*=/im);
    expect(instructions.join('\n')).not.toMatch(/--mount|<<\s*-?['"]?[A-Z]+/);
    const bases = instructions.filter((line) => /^FROM\s/i.test(line)).map((line) => line.split(/\s+/)[1]);
    // The build argument, literally: every stage starts from the one base image.
    expect(new Set(bases)).toEqual(new Set(['$' + '{NODE_IMAGE}']));
    const copiesFrom = instructions.flatMap((line) => line.match(/--from=(\S+)/)?.[1] ?? []);
    expect(copiesFrom.every((stage) => instructions.some((line) => new RegExp(`^FROM\\s.*\\sAS\\s${stage}$`, 'i').test(line)))).toBe(true);
  });

  it('runs as a numeric non-root user, the uid the manifests run as', () => {
    const users = instructions.filter((line) => /^USER\s/i.test(line));
    expect(users.at(-1)).toBe('USER 1000:1000');
    const uids = new Set(base.flatMap((o) => o.spec?.template?.spec?.securityContext?.runAsUser ?? []));
    expect(uids).toEqual(new Set([1000]));
  });
});
