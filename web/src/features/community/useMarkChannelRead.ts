import type { Channel } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { lastSequenceOf, withReadPosition } from '../../shared/conversation/index.ts';
import { useDocumentVisible } from '../../shared/socket/index.ts';
import { markChannelRead, updateChannel } from './api.ts';
import type { PaneMessage } from './optimistic.ts';

/**
 * While a channel the user belongs to is open and the tab is visible, the messages shown are
 * read: the badge drops at once and `PATCH …/read {sequence}` tells the server (and other devices).
 */
export function useMarkChannelRead(channel: Channel | null, messages: PaneMessage[] | undefined): void {
  const queryClient = useQueryClient();
  const visible = useDocumentVisible();
  const requested = useRef(new Map<string, number>());
  const shown = messages ? lastSequenceOf(messages) : 0;
  const channelId = channel?.id ?? null;
  const behind = Boolean(channel?.isMember) && shown > (channel?.readSequence ?? 0);

  useEffect(() => {
    if (!channelId || !behind || !visible) return;
    if ((requested.current.get(channelId) ?? 0) >= shown) return;
    requested.current.set(channelId, shown);
    updateChannel(queryClient, channelId, (c) => withReadPosition(c, { readSequence: shown, unreadCount: 0 }));
    markChannelRead(channelId, shown).then(
      (read) => updateChannel(queryClient, channelId, (c) => withReadPosition(c, read)),
      (error: unknown) => {
        requested.current.delete(channelId);
        console.warn('Could not mark the channel read', error);
      },
    );
  }, [channelId, behind, visible, shown, queryClient]);
}
