import type { Order } from '@commonwork/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../shared/ui/toast.ts';
import { rememberCreatedChat } from '../inbox/api.ts';
import { createChat } from '../marketplace/api.ts';
import { chatIdOf } from '../marketplace/gigDisplay.ts';
import { orderFailure } from './api.ts';
import { t } from './locales/index.ts';
import { otherParty } from './orderDisplay.ts';

/**
 * The order's conversation: the inbox chat between its two people about its gig. The create-chat
 * call answers the existing one (there is one per pair and gig), where the order's steps also appear.
 */
export function useOrderConversation(order: Pick<Order, 'role' | 'buyer' | 'seller' | 'gig'>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: () => createChat(otherParty(order)._id, order.gig._id),
    onSuccess: (body) => {
      const chatId = chatIdOf(body);
      if (!chatId) return void toast.error(t('orders.detail.conversationFailed'));
      rememberCreatedChat(queryClient, body);
      navigate(`/inbox/${encodeURIComponent(chatId)}`);
    },
    onError: (error) => toast.error(orderFailure(error, t('orders.detail.conversationFailed'))),
  });
  return { open: () => open.mutate(), pending: open.isPending };
}
