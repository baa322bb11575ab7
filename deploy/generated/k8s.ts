import { manifestOf, REALTIME_PART, SERVICE_NAMES, type ServiceName, urlSettingOf } from '@commonwork/contracts';
import { entryOf } from '../local/clusterParts.ts';
import { METRICS_PORT, SCRAPE_ANNOTATIONS } from './k8sPolicies.ts';
import { comment, GENERATED_NOTE, inK8s, whoReaches } from './text.ts';

const I = ' '.repeat(12);

/** One env entry of a container, with its note above it. */
const envEntry = (name: string, body: string, note?: string) => `${note ? comment(note, I) : ''}${I}- name: ${name}\n${body}`;
const plainValue = (value: string) => `${I}  value: ${/^\d+$/.test(value) ? `"${value}"` : value}\n`;
const secretOf = (secret: string, key: string, optional: boolean) =>
  `${I}  valueFrom:\n${I}    secretKeyRef:\n${I}      name: ${secret}\n${I}      key: ${key}\n${optional ? `${I}      optional: true\n` : ''}`;

/** deploy/k8s/<service>.yaml: the service's Deployment, Service and PodDisruptionBudget. */
export function k8sServiceFile(name: ServiceName): string {
  const service = manifestOf(name);
  const { port } = service;
  const deploy = service.deploy ?? {};
  const verifies =
    service.needs.length === 0
      ? `. Access tokens are verified against its JWKS there.`
      : `. It verifies access tokens against identity's JWKS.`;
  const env = [
    envEntry('SERVICE', plainValue(name)),
    envEntry('HOST', plainValue('0.0.0.0')),
    envEntry('PORT', plainValue(String(port))),
    envEntry('DATABASE_URL', secretOf('commonwork-database', 'DATABASE_URL', false)),
    ...(deploy.secretFile ? [envEntry(deploy.secretFile.env, plainValue(`${deploy.secretFile.mountPath}/${deploy.secretFile.key}`))] : []),
    ...service.needs.map((need) => envEntry(urlSettingOf(need as ServiceName), plainValue(inK8s(need as ServiceName)))),
    ...(deploy.settings ?? []).flatMap((setting) => {
      const k8s = setting.k8s;
      if (!k8s) return [];
      const body = 'secret' in k8s ? secretOf(k8s.secret, setting.name, k8s.optional) : plainValue(k8s.value);
      return [envEntry(setting.name, body, k8s.note)];
    }),
  ].join('');
  const secretMount = deploy.secretFile
    ? `            - name: ${deploy.secretFile.secret}\n              mountPath: ${deploy.secretFile.mountPath}\n              readOnly: true\n`
    : '';
  const secretVolume = deploy.secretFile
    ? `        - name: ${deploy.secretFile.secret}
          secret:
            secretName: ${deploy.secretFile.secret}
            defaultMode: 0440
            items:
              - key: ${deploy.secretFile.key}
                path: ${deploy.secretFile.key}
`
    : '';
  const memory = deploy.memoryLimit;
  return `${comment(`${GENERATED_NOTE}`, '')}${comment(
    `${name}: ${service.summary}. Internal only; ${whoReaches(name)} at http://${name}:${port}${verifies}`,
    '',
  )}apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  labels:
    app.kubernetes.io/name: ${name}
    app.kubernetes.io/component: service
    app.kubernetes.io/part-of: commonwork
spec:
  # Replicas share the work: their outbox relays take turns on the one event store (a round holds
  # the position's row while it publishes, so each event goes out once, in order), and their
  # consumers share each durable (every event handled by one of them, idempotently).
  replicas: ${service.replicas}
  selector:
    matchLabels:
      app.kubernetes.io/name: ${name}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 0
      maxSurge: 1
  template:
    metadata:
      labels:
        app.kubernetes.io/name: ${name}
        app.kubernetes.io/component: service
        app.kubernetes.io/part-of: commonwork
      annotations:
${SCRAPE_ANNOTATIONS}    spec:
      automountServiceAccountToken: false
      terminationGracePeriodSeconds: 30
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        runAsGroup: 1000
        fsGroup: 1000
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: ${name}
          image: commonwork
          command: ["node", "--import", "tsx", "${entryOf(name)}"]
          ports:
            - name: http
              containerPort: ${port}
            - name: metrics
              containerPort: ${METRICS_PORT}
          envFrom:
            - configMapRef:
                name: commonwork-config
          env:
${env}          volumeMounts:
${secretMount}            - name: tmp
              mountPath: /tmp
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 2
            failureThreshold: 60
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 3
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          lifecycle:
            # Let the endpoints controller take the pod out of the Service before it stops listening.
            preStop:
              exec:
                command: ["sleep", "5"]
          resources:
            requests:
              cpu: 100m
              memory: 256Mi
${memory ? comment(memory.note, I) : ''}            limits:
              cpu: "1"
              memory: ${memory?.value ?? '512Mi'}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop: ["ALL"]
      volumes:
${secretVolume}        # tsx keeps its compile cache under /tmp.
        - name: tmp
          emptyDir:
            sizeLimit: 256Mi
---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
  labels:
    app.kubernetes.io/name: ${name}
spec:
  selector:
    app.kubernetes.io/name: ${name}
  ports:
    - name: http
      port: ${port}
      targetPort: http
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: ${name}
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: ${name}
`;
}

/** deploy/k8s/kustomization.yaml: every file of the base, the services' in the manifest's order. */
export function kustomizationFile(): string {
  const resources = [
    'namespace.yaml',
    'config.yaml',
    'nats-config.yaml',
    ...SERVICE_NAMES.map((name) => `${name}.yaml`),
    'realtime.yaml',
    'gateway.yaml',
    'ingress.yaml',
    'autoscaling.yaml',
    'network-policies.yaml',
  ];
  return `${comment(GENERATED_NOTE, '')}# Commonwork on Kubernetes, cluster mode: a Deployment per process (a StatefulSet for the realtime
# replicas), from the image the Dockerfile builds. \`kubectl kustomize deploy/k8s\` renders it; an
# overlay sets the image, the host name and replicas. Read README.md here first: two Secrets must
# exist before the pods can start.
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization

namespace: commonwork

resources:
${resources.map((file) => `  - ${file}\n`).join('')}
images:
  - name: commonwork
    newTag: latest
`;
}

/** The headless Service whose DNS answer lists the realtime replicas (every ready pod's address). */
export const realtimeK8sDns = () => `http://realtime:${REALTIME_PART.port}`;

/** The gateway's env entries for its upstreams (a region of the hand-written gateway.yaml). */
export const gatewayK8sUpstreams = () =>
  SERVICE_NAMES.map((name) => envEntry(urlSettingOf(name), plainValue(inK8s(name)))).join('') +
  envEntry(
    'REALTIME_DNS',
    plainValue(realtimeK8sDns()),
    'The realtime replicas: every address the headless Service `realtime` resolves to (realtime.yaml), looked up again every few seconds, so scaling the StatefulSet (kubectl scale, its HPA) is all it takes. /socket.io/ goes to one of them, sticky by client address.',
  );

/** Realtime's env entries for the services it needs (a region of the hand-written realtime.yaml). */
export const realtimeK8sNeeds = () => REALTIME_PART.needs.map((need) => envEntry(urlSettingOf(need), plainValue(inK8s(need)))).join('');
