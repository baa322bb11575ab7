// What every object of deploy/k8s must have to hold up in a cluster: deploy/policy/manifests.unit.test.ts
// fails on any problem this finds. One place, so a new service's generated files are held to it too.
import { containersOf, type K8sObject } from './render.ts';

const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

export interface PolicyOptions {
  /** Workloads that need no HPA (stateful servers scale by hand); by name. */
  withoutHpa?: readonly string[];
  /** Workloads that need no PDB (a single replica a PDB would only block drains of); by name. */
  withoutPdb?: readonly string[];
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

/** Every way `objects` falls short of the policy, one line each; none: it holds. */
export function policyProblems(objects: readonly K8sObject[], options: PolicyOptions = {}): string[] {
  const problems: string[] = [];
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  const workloads = objects.filter((o) => WORKLOAD_KINDS.has(o.kind));

  for (const workload of workloads) {
    const id = `${workload.kind}/${workload.metadata.name}`;
    const pod = workload.spec?.template?.spec ?? {};
    const podLabels = workload.spec?.template?.metadata?.labels;
    const podSecurity = pod.securityContext ?? {};
    for (const container of containersOf(workload)) {
      const at = `${id} container ${container.name}`;
      // biome-ignore lint/suspicious/noExplicitAny: read as the schema says
      const c = container as any;
      for (const kind of ['requests', 'limits'] as const)
        for (const resource of ['cpu', 'memory']) if (!c.resources?.[kind]?.[resource]) problems.push(`${at}: no ${kind}.${resource}`);
      const isInit = (pod.initContainers ?? []).includes(container);
      if (!isInit)
        for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) if (!c[probe]) problems.push(`${at}: no ${probe}`);
      const security = c.securityContext ?? {};
      if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true) problems.push(`${at}: not runAsNonRoot`);
      if (security.readOnlyRootFilesystem !== true) problems.push(`${at}: root file system not read-only`);
      if (security.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation not false`);
      if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${at}: capabilities not all dropped`);
      if (security.privileged === true) problems.push(`${at}: privileged`);
      if ((security.seccompProfile ?? podSecurity.seccompProfile)?.type !== 'RuntimeDefault')
        problems.push(`${at}: seccompProfile not RuntimeDefault`);
    }
    if (!options.withoutPdb?.includes(workload.metadata.name)) {
      const pdb = of('PodDisruptionBudget').find((p) => matches(p.spec?.selector?.matchLabels, podLabels));
      if (!pdb) problems.push(`${id}: no PodDisruptionBudget selects its pods`);
    }
    if (!options.withoutHpa?.includes(workload.metadata.name)) {
      const hpa = of('HorizontalPodAutoscaler').find(
        (h) => h.spec?.scaleTargetRef?.kind === workload.kind && h.spec?.scaleTargetRef?.name === workload.metadata.name,
      );
      if (!hpa) problems.push(`${id}: no HorizontalPodAutoscaler`);
      else {
        if (hpa.apiVersion !== 'autoscaling/v2') problems.push(`${id}: its HPA is not autoscaling/v2`);
        if (hpa.spec.minReplicas !== (workload.spec?.replicas ?? 1))
          problems.push(`${id}: its HPA's minReplicas ${hpa.spec.minReplicas} is not its replicas ${workload.spec?.replicas}`);
        if (!(hpa.spec.maxReplicas > hpa.spec.minReplicas)) problems.push(`${id}: its HPA cannot scale up`);
      }
    }
  }

  // Network: everything denied by default, and each Service's pods let in by a policy of their own.
  const policies = of('NetworkPolicy');
  const ingressPolicies = policies.filter((p) => (p.spec?.policyTypes ?? ['Ingress']).includes('Ingress'));
  const denyAll = policies.find(
    (p) => Object.keys(p.spec?.podSelector ?? {}).length === 0 && !p.spec?.ingress && (p.spec?.policyTypes ?? []).includes('Ingress'),
  );
  if (!denyAll && workloads.length > 0) problems.push('no default-deny NetworkPolicy (podSelector {} with no ingress rule)');
  for (const service of of('Service')) {
    const selector = service.spec?.selector as Record<string, string> | undefined;
    const workload = workloads.find((w) => matches(selector, w.spec?.template?.metadata?.labels));
    if (!workload) continue; // a Service of pods outside this render: nothing of ours to cover
    const podLabels = workload.spec.template.metadata.labels;
    const containerPorts = containersOf(workload).flatMap((c) => (c.ports as { name?: string; containerPort: number }[]) ?? []);
    for (const port of service.spec?.ports ?? []) {
      const target =
        typeof port.targetPort === 'string'
          ? containerPorts.find((p) => p.name === port.targetPort)?.containerPort
          : (port.targetPort ?? port.port);
      const covered = ingressPolicies.some(
        (p) =>
          matches(p.spec?.podSelector?.matchLabels, podLabels) &&
          // biome-ignore lint/suspicious/noExplicitAny: NetworkPolicy ingress rules as the schema says
          (p.spec?.ingress ?? []).some((rule: any) => !rule.ports || rule.ports.some((q: { port?: unknown }) => q.port === target)),
      );
      if (!covered)
        problems.push(`Service/${service.metadata.name} port ${port.name ?? port.port}: no NetworkPolicy lets anything in to it`);
    }
  }
  return problems;
}
