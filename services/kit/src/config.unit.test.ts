import { describe, expect, it } from 'vitest';
import { CommonConfig, ConfigError, parseConfig } from './config.ts';

describe('NATS_STREAM_REPLICAS', () => {
  it('is one node unless set', () => {
    expect(parseConfig(CommonConfig, {}).NATS_STREAM_REPLICAS).toBe(1);
  });

  it('reads the number of nodes', () => {
    expect(parseConfig(CommonConfig, { NATS_STREAM_REPLICAS: '3' }).NATS_STREAM_REPLICAS).toBe(3);
  });

  it.each(['0', '6', '2.5', 'three'])('refuses %s, naming the variable', (value) => {
    expect(() => parseConfig(CommonConfig, { NATS_STREAM_REPLICAS: value })).toThrow(ConfigError);
    expect(() => parseConfig(CommonConfig, { NATS_STREAM_REPLICAS: value })).toThrow(/NATS_STREAM_REPLICAS/);
  });
});
