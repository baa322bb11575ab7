import { type IncomingWebhook, messagingRoutes } from '@commonwork/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/index.ts';

const hooksKey = (channelId: string) => ['chat', 'incoming-webhooks', channelId] as const;

/** GET a channel's incoming webhooks (its admins only): names, creators, last use and URL hints, never the secrets. */
export function useIncomingWebhooks(channelId: string, enabled: boolean) {
  return useQuery({
    queryKey: hooksKey(channelId),
    enabled,
    queryFn: async ({ signal }) => (await call(messagingRoutes.listIncomingWebhooks, { params: { id: channelId }, signal })).data,
  });
}

/** The address an integration posts to, whole: the server answers its path, once. */
export const hookUrlOf = (path: string) => `${window.location.origin}${path}`;

/** Creates a hook; the answer carries its secret URL, which is never shown again. */
export function useCreateIncomingWebhook(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (await call(messagingRoutes.createIncomingWebhook, { params: { id: channelId }, body: { name } })).data,
    onSuccess: ({ hook }) =>
      queryClient.setQueryData<IncomingWebhook[]>(hooksKey(channelId), (hooks) => [hook, ...(hooks ?? []).filter((h) => h.id !== hook.id)]),
  });
}

/** Revokes a hook: its URL answers 404 from then on. */
export function useRevokeIncomingWebhook(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hookId: string) => call(messagingRoutes.revokeIncomingWebhook, { params: { id: channelId, hookId } }),
    onSuccess: (_answer, hookId) =>
      queryClient.setQueryData<IncomingWebhook[]>(hooksKey(channelId), (hooks) => hooks?.filter((h) => h.id !== hookId)),
  });
}

/** A curl line for the panel's example. */
export const curlExample = (url: string) => `curl -X POST -H 'Content-Type: application/json' -d '{"text":"Hello"}' ${url}`;
