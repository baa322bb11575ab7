import {
  type CreateTokenRequest,
  type CreateWebhookRequest,
  identityRoutes,
  type PersonalToken,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  webhooksRoutes,
} from '@commonwork/contracts';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../shared/api/index.ts';

/** Every query of the Developer tab starts with one of these keys. */
export const TOKENS_KEY = ['developer', 'tokens'] as const;
export const WEBHOOKS_KEY = ['developer', 'webhooks'] as const;
export const deliveriesKey = (webhookId: string, page: number) => [...WEBHOOKS_KEY, webhookId, 'deliveries', page] as const;

/** Deliveries shown per page of a webhook's log. */
export const DELIVERIES_PER_PAGE = 10;

/** How often a log with a delivery still under way is read again. */
const LOG_REFRESH_MS = 2_000;

/** GET /api/tokens: the person's personal access tokens, newest first (never their secrets). */
export function useTokens() {
  return useQuery({
    queryKey: TOKENS_KEY,
    queryFn: ({ signal }) => call(identityRoutes.listTokens, { signal }).then((body) => body.tokens),
  });
}

/** POST /api/tokens: the token and its secret, which this answer alone carries. */
export const createToken = (body: CreateTokenRequest) => call(identityRoutes.createToken, { body });

/** DELETE /api/tokens/:id. */
export const revokeToken = (id: string) => call(identityRoutes.revokeToken, { params: { id } });

/** The list without a revoked token, at once (the server refuses it within a second). */
export function dropToken(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<PersonalToken[]>(TOKENS_KEY, (tokens) => tokens?.filter((token) => token.id !== id));
  void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
}

/** GET /api/webhooks: the person's webhooks, newest first. */
export function useWebhooks() {
  return useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: ({ signal }) => call(webhooksRoutes.list, { signal }).then((body) => body.webhooks),
  });
}

/** POST /api/webhooks: the webhook and its signing secret, which this answer alone carries. */
export const createWebhook = (body: CreateWebhookRequest) => call(webhooksRoutes.create, { body });

/** PATCH /api/webhooks/:id with the fields changed. */
export const updateWebhook = (id: string, body: UpdateWebhookRequest) =>
  call(webhooksRoutes.update, { params: { id }, body }).then((answer) => answer.webhook);

/** DELETE /api/webhooks/:id. */
export const deleteWebhook = (id: string) => call(webhooksRoutes.remove, { params: { id } });

/** POST /api/webhooks/:id/ping: a `webhook.ping` delivery, sent now. */
export const pingWebhook = (id: string) => call(webhooksRoutes.ping, { params: { id } }).then((answer) => answer.delivery);

/** POST /api/webhooks/:id/deliveries/:deliveryId/redeliver: the same delivery (same `webhook-id`), again now. */
export const redeliver = (id: string, deliveryId: string) =>
  call(webhooksRoutes.redeliver, { params: { id, deliveryId } }).then((answer) => answer.delivery);

/** One webhook in the list as the server answered it after a change. */
export function storeWebhook(queryClient: QueryClient, webhook: Webhook): void {
  queryClient.setQueryData<Webhook[]>(WEBHOOKS_KEY, (webhooks) => {
    if (!webhooks) return [webhook];
    return webhooks.some(({ id }) => id === webhook.id)
      ? webhooks.map((each) => (each.id === webhook.id ? webhook : each))
      : [webhook, ...webhooks];
  });
}

/** A delivery the server has not finished with: the log is read again until it is. */
const underWay = (delivery: WebhookDelivery) => delivery.status === 'pending';

/**
 * GET /api/webhooks/:id/deliveries, one page, newest first. Read again every 2 s while a delivery on
 * the page is pending (a ping just sent, a redelivery).
 */
export function useDeliveries(webhookId: string, page: number) {
  return useQuery({
    queryKey: deliveriesKey(webhookId, page),
    queryFn: ({ signal }) =>
      call(webhooksRoutes.deliveries, { params: { id: webhookId }, query: { page, limit: DELIVERIES_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.deliveries.some(underWay) ? LOG_REFRESH_MS : false),
  });
}

/** A webhook's log read again (after a ping or a redelivery). */
export const refreshDeliveries = (queryClient: QueryClient, webhookId: string) =>
  queryClient.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, webhookId, 'deliveries'] });

/** A refused form's errors by field, as the server named them (400 with details), for the fields the form has. */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): { field: F; message: string }[] {
  if (!isApiError(error)) return [];
  return error.details.flatMap(({ field, message }) => {
    const name = fields.find((each) => field === each || field.startsWith(`${each}.`) || field.startsWith(`${each}[`));
    return name ? [{ field: name, message }] : [];
  });
}
