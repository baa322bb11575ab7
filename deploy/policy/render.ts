// Renders a kustomization of deploy/k8s the way `kubectl kustomize` does for the features it uses
// (resources, namespace, images), in TypeScript: CI machines have no kubectl (Debian 12's
// kubernetes-client is 1.20), and the policy test must run everywhere. The test compares it with
// `kubectl kustomize` where a kubectl exists, so the two cannot drift apart unnoticed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  // biome-ignore lint/suspicious/noExplicitAny: a Kubernetes object's spec is whatever its kind says
  spec?: any;
  [key: string]: unknown;
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  [key: string]: unknown;
}

/** Kinds that have no namespace. */
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
]);
const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'images']);

function parseYaml(path: string): unknown[] {
  // YAML 1.1, as kubectl reads it: `defaultMode: 0440` is octal there (and 440 in YAML 1.2).
  return parseAllDocuments(readFileSync(path, 'utf8'), { version: '1.1' }).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${path}: ${doc.errors[0]?.message}`);
    return doc.toJS();
  });
}

/** Every object `kubectl kustomize <dir>` prints, in the order of its resources. */
export function render(dir: string): K8sObject[] {
  const [kustomization] = parseYaml(join(dir, 'kustomization.yaml')) as [Kustomization];
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0) throw new Error(`${dir}/kustomization.yaml uses ${unsupported.join(', ')}: teach deploy/policy/render.ts`);
  const objects: K8sObject[] = [];
  for (const resource of kustomization.resources ?? []) {
    const path = join(dir, resource);
    const nested = resource.endsWith('.yaml') || resource.endsWith('.yml') ? null : path;
    for (const object of nested ? render(nested) : (parseYaml(path) as (K8sObject | null)[])) {
      if (!object) continue;
      if (kustomization.namespace && !CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
      objects.push(object);
    }
  }
  for (const image of kustomization.images ?? []) {
    for (const container of objects.flatMap(containersOf)) {
      const [name] = container.image.split(':');
      if (name !== image.name) continue;
      container.image = `${image.newName ?? name}${image.newTag ? `:${image.newTag}` : ''}`;
    }
  }
  return objects;
}

/** A workload's containers (init containers included). */
export function containersOf(object: K8sObject): { name: string; image: string; [key: string]: unknown }[] {
  const pod = object.spec?.template?.spec;
  return pod ? [...(pod.initContainers ?? []), ...(pod.containers ?? [])] : [];
}

export const deployDir = (...parts: string[]) => join(dirname(new URL(import.meta.url).pathname), '..', ...parts);
