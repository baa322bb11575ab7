import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { errorMessage, isApiError } from '../../shared/api/index.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { rememberCreatedChat } from '../inbox/api.ts';
import { INBOX_MESSAGES } from '../inbox/messages.ts';
import { createChat } from './api.ts';
import { chatIdOf } from './gigDisplay.ts';
import { GIG_MESSAGES } from './messages.ts';

const M = GIG_MESSAGES.detail;

/**
 * Contact Freelancer (spec 001 §4, §6): signed in, not yourself; creates or finds the chat with the
 * freelancer about a gig of theirs, then opens it in the inbox.
 */
export function useContactFreelancer(freelancer: { _id: string; name: string }, gigId: string | null) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const contact = useMutation({
    mutationFn: (about: string) => createChat(freelancer._id, about),
    onSuccess: (body) => {
      const chatId = chatIdOf(body);
      if (!chatId) return void toast.error(M.contactFailed());
      rememberCreatedChat(queryClient, body);
      toast.success(INBOX_MESSAGES.chatStarted(freelancer.name));
      navigate(`/inbox/${encodeURIComponent(chatId)}`);
    },
    // The server's error text when it sent one (a missing route's 404 text is not for people).
    onError: (err) => toast.error(isApiError(err) && err.status !== 404 ? errorMessage(err, M.contactFailed()) : M.contactFailed()),
  });

  const start = () => {
    if (!user) return void toast.error(M.contactLoginRequired());
    if (user.id === freelancer._id) return void toast.error(M.contactSelf());

    if (gigId) contact.mutate(gigId);
  };
  return { start, pending: contact.isPending };
}
