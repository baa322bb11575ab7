import { readFileSync } from 'node:fs';
import { OBSERVED, prometheusNames, RECORDED } from '@commonwork/kit';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The alert rules and the dashboard may use only metrics the code registers: a renamed or dropped
// metric fails here rather than leave an alert that can never fire or a panel that stays empty.
const here = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const alerts = here('./prometheus/alerts.yml');
const dashboard = here('./grafana/commonwork.json');
const OURS = /\b(?:commonwork|http_server)_[a-z0-9_]+\b/g;

const expressions = {
  alerts: (parse(alerts) as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap((g) => g.rules.map((r) => r.expr)),
  dashboard: (JSON.parse(dashboard) as { panels: { targets?: { expr: string }[] }[] }).panels.flatMap((p) =>
    (p.targets ?? []).map((t) => t.expr),
  ),
};

describe('deploy/observability', () => {
  it('uses only metric names the code registers', () => {
    const registered = new Set(prometheusNames());
    for (const [file, exprs] of Object.entries(expressions)) {
      const used = new Set(exprs.flatMap((expr) => expr.match(OURS) ?? []));
      expect(used.size, file).toBeGreaterThan(5);
      expect(
        [...used].filter((name) => !registered.has(name)),
        file,
      ).toEqual([]);
    }
  });

  it('names every registered metric somewhere on the dashboard', () => {
    const used = new Set(expressions.dashboard.flatMap((expr) => expr.match(OURS) ?? []));
    const families = [...Object.values(RECORDED), ...Object.values(OBSERVED)].map((def) => def.name.replaceAll('.', '_'));
    expect(families.filter((family) => ![...used].some((name) => name.startsWith(family)))).toEqual([]);
  });

  it('has the alerts the runbook names', () => {
    const names = (parse(alerts) as { groups: { rules: { alert: string }[] }[] }).groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(names).toEqual(
      expect.arrayContaining([
        'OutboxLagging',
        'ConsumerLagGrowing',
        'HttpErrorsAboveOnePercent',
        'ReplicaNotReady',
        'GigSearchP99OverTarget',
        'RealtimeDeliveryP99OverTarget',
      ]),
    );
  });
});
