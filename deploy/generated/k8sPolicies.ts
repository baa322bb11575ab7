import { REALTIME_PART, SERVICE_MANIFEST, SERVICE_NAMES, type ServiceName } from '@commonwork/contracts';
import { comment, GENERATED_NOTE } from './text.ts';

/** The gateway's replicas (gateway.yaml, written by hand) and the HPA's floor for it. */
export const GATEWAY_REPLICAS = 2;
export const GATEWAY_PORT = 8080;
/** Where every part serves its Prometheus metrics in the cluster (config.yaml's METRICS_PORT; deploy/observability). */
export const METRICS_PORT = 9464;
/** A pod template's annotations for Prometheus's pod discovery (deploy/observability/prometheus/scrape.yml). */
export const SCRAPE_ANNOTATIONS = `        prometheus.io/scrape: "true"
        prometheus.io/port: "${METRICS_PORT}"
        prometheus.io/path: /metrics
`;

/** Every workload of the base: its kind, its floor of replicas and the ceiling its HPA may scale it to. */
export const WORKLOADS = [
  ...SERVICE_NAMES.map((name) => ({ name, kind: 'Deployment', min: SERVICE_MANIFEST[name].replicas, max: 6 })),
  { name: 'realtime', kind: 'StatefulSet', min: REALTIME_PART.replicas, max: 10 },
  { name: 'gateway', kind: 'Deployment', min: GATEWAY_REPLICAS, max: 10 },
] as const;

/**
 * Who a service calls outside the cluster, by port (none: any port), besides the servers every part
 * reaches. Not in the manifest yet: the services' settings name these endpoints (GOOGLE_CLIENT_ID,
 * AI_API_URL, SMTP_URL, a webhook's payload URL).
 */
export const EXTERNAL_EGRESS: Partial<Record<ServiceName, { why: string; ports: number[] | 'any' }>> = {
  identity: { why: "Google's keys for Google sign-in", ports: [443] },
  marketplace: { why: 'the AI search endpoint (AI_API_URL)', ports: [443] },
  notifications: { why: 'the SMTP server of the e-mail digest (SMTP_URL)', ports: [25, 465, 587] },
  webhooks: { why: "the integrators' payload URLs, on any port they name", ports: 'any' },
};

/** The servers every process reaches, wherever they run (in the cluster, deploy/k8s/infra, or managed). */
export const INFRA_PORTS = [
  { name: 'PostgreSQL', port: 5432 },
  { name: 'NATS', port: 4222 },
  { name: 'Redis', port: 6379 },
] as const;

/** Private, link-local and loopback ranges: outside traffic never goes there (the pod network, cloud metadata). */
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10', '127.0.0.0/8'];

const portOf = (name: string) =>
  name === 'gateway' ? GATEWAY_PORT : name === 'realtime' ? REALTIME_PART.port : SERVICE_MANIFEST[name as ServiceName].port;

/** The parts that call `name` over HTTP: the gateway, realtime when it needs it, the services whose `needs` name it. */
export function callersOf(name: string): string[] {
  if (name === 'gateway') return [];
  if (name === 'realtime') return ['gateway'];
  const callers = ['gateway'];
  if ((REALTIME_PART.needs as readonly string[]).includes(name)) callers.push('realtime');
  for (const other of SERVICE_NAMES) if ((SERVICE_MANIFEST[other].needs as readonly string[]).includes(name)) callers.push(other);
  return callers;
}

/** The parts `name` calls over HTTP. */
export function calleesOf(name: string): string[] {
  if (name === 'gateway') return [...SERVICE_NAMES, 'realtime'];
  if (name === 'realtime') return [...REALTIME_PART.needs];
  return [...SERVICE_MANIFEST[name as ServiceName].needs];
}

/** deploy/k8s/autoscaling.yaml: a HorizontalPodAutoscaler for every workload. */
export function autoscalingFile(): string {
  const docs = WORKLOADS.map(
    ({ name, kind, min, max }) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}
  labels:
    app.kubernetes.io/name: ${name}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: ${kind}
    name: ${name}
  minReplicas: ${min}
  maxReplicas: ${max}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 70
  behavior:
    # Scale in slowly: a realtime replica that goes takes its sockets with it (they reconnect elsewhere).
    scaleDown:
      stabilizationWindowSeconds: 300
      policies:
        - type: Pods
          value: 1
          periodSeconds: 60
`,
  );
  return `${comment(GENERATED_NOTE, '')}${comment(
    "Every workload scales on CPU (70 % of its request) between the manifest's replicas and a ceiling. The floor is the replicas the workload's own file sets, so the HPA never takes it below what the disruption budgets assume. Realtime scales like the others: the gateway finds its replicas through the headless Service's DNS (REALTIME_DNS).",
    '',
  )}${docs.join('---\n')}`;
}

const labelsOf = (name: string, indent: string) =>
  `${indent}podSelector:\n${indent}  matchLabels:\n${indent}    app.kubernetes.io/name: ${name}\n`;

/** deploy/k8s/network-policies.yaml: deny by default, then what each part needs. */
export function networkPoliciesFile(): string {
  const defaults = `# Nothing reaches a pod of the namespace, and no pod reaches out, but as allowed below.
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny
spec:
  podSelector: {}
  policyTypes: [Ingress, Egress]
---
# Every part resolves names (the cluster DNS, in kube-system) and reaches PostgreSQL, NATS and Redis.
# By port, not by address: the servers may run in the cluster (deploy/k8s/infra) or be managed ones
# outside it. An overlay can narrow the destinations to its servers' pods or addresses.
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: dns-and-servers
spec:
  podSelector:
    matchLabels:
      app.kubernetes.io/part-of: commonwork
  policyTypes: [Egress]
  egress:
    - to:
        - namespaceSelector: {}
      ports:
        - { protocol: UDP, port: 53 }
        - { protocol: TCP, port: 53 }
${INFRA_PORTS.map(({ name, port }) => `    # ${name}\n    - ports:\n        - { protocol: TCP, port: ${port} }\n`).join('')}`;
  const gateway = `# The gateway is the only part reached from outside (the ingress controller, in its own namespace).
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: gateway-ingress
spec:
${labelsOf('gateway', '  ')}  policyTypes: [Ingress]
  ingress:
    - ports:
        - { protocol: TCP, port: ${GATEWAY_PORT} }
`;
  const metrics = `# Prometheus, in the monitoring namespace, scrapes every part's metrics port (METRICS_PORT in
# config.yaml; deploy/observability). No Service names that port.
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: metrics-from-monitoring
spec:
  podSelector:
    matchLabels:
      app.kubernetes.io/part-of: commonwork
  policyTypes: [Ingress]
  ingress:
    - from:
        - namespaceSelector:
            matchLabels:
              kubernetes.io/metadata.name: monitoring
      ports:
        - { protocol: TCP, port: ${METRICS_PORT} }
`;
  const perPart = [...SERVICE_NAMES, 'realtime'].map((name) => {
    const callers = callersOf(name);
    return `# ${name}: reached by ${callers.join(', ')}.
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: ${name}-ingress
spec:
${labelsOf(name, '  ')}  policyTypes: [Ingress]
  ingress:
    - from:
${callers.map((caller) => `        - ${labelsOf(caller, '          ').trimStart()}`).join('')}      ports:
        - { protocol: TCP, port: ${portOf(name)} }
`;
  });
  const egress = [...SERVICE_NAMES, 'realtime', 'gateway'].flatMap((name) => {
    const callees = calleesOf(name);
    const external = EXTERNAL_EGRESS[name as ServiceName];
    if (callees.length === 0 && !external) return [];
    const rules = [
      ...callees.map(
        (callee) =>
          `    - to:\n        - ${labelsOf(callee, '          ').trimStart()}      ports:\n        - { protocol: TCP, port: ${portOf(callee)} }\n`,
      ),
      ...(external
        ? [
            `    # ${external.why}: outside the cluster only.\n    - to:\n        - ipBlock:\n            cidr: 0.0.0.0/0\n            except: [${PRIVATE_RANGES.join(', ')}]\n${
              external.ports === 'any'
                ? ''
                : `      ports:\n${external.ports.map((port) => `        - { protocol: TCP, port: ${port} }\n`).join('')}`
            }`,
          ]
        : []),
    ];
    return [
      `# ${name} calls ${[...callees, ...(external ? ['the outside'] : [])].join(', ')}.
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: ${name}-egress
spec:
${labelsOf(name, '  ')}  policyTypes: [Egress]
  egress:
${rules.join('')}`,
    ];
  });
  return `${comment(GENERATED_NOTE, '')}${comment(
    'Who may talk to whom. Services are reached only by the gateway, the realtime replicas and the services whose manifest `needs` them; events travel through NATS, not between services. Kubelet probes are not subject to these policies. Your CNI must enforce NetworkPolicies (Calico, Cilium, ...): without one they are accepted and ignored.',
    '',
  )}${[defaults, gateway, metrics, ...perPart, ...egress].join('---\n')}`;
}
