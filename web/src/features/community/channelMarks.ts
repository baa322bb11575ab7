import { type Channel, type ChannelMarks, messagingRoutes } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call, errorMessage } from '../../shared/api/index.ts';
import { useSocketEvent } from '../../shared/socket/index.ts';
import { toast } from '../../shared/ui/toast.ts';
import { updateChannel } from './api.ts';
import { t } from './locales/index.ts';

/** The person's two marks on a channel: Pin (the Pinned section) and Star (the Starred filter). */
export type Mark = 'pin' | 'star';

const FIELD = { pin: 'isPinned', star: 'isStarred' } as const satisfies Record<Mark, keyof ChannelMarks>;
const ROUTES = {
  pin: { on: messagingRoutes.pinChannel, off: messagingRoutes.unpinChannel },
  star: { on: messagingRoutes.starChannel, off: messagingRoutes.unstarChannel },
} as const;

/** The channel with the person's marks as the server (or a live `channel-marked`) tells them. */
export const withMarks = (channel: Channel, { isPinned, isStarred }: Pick<ChannelMarks, 'isPinned' | 'isStarred'>): Channel => ({
  ...channel,
  isPinned,
  isStarred,
});

/** PUT (on) or DELETE (off) …/pin or …/star: the marks after it. */
export function setMark(channelId: string, mark: Mark, on: boolean): Promise<ChannelMarks> {
  const route = on ? ROUTES[mark].on : ROUTES[mark].off;
  return call(route, { params: { id: channelId } }).then((body) => body.data);
}

/**
 * Pin and Star as toggles, optimistic: the list moves at once, the server's answer settles it and
 * a refusal puts it back with the server's sentence. Only the latest click of a mark is applied,
 * so answers that come back out of order cannot undo a later one.
 */
export function useToggleMark() {
  const queryClient = useQueryClient();
  const latest = useRef(new Map<string, number>());
  return (channel: Channel, mark: Mark) => {
    const key = `${channel.id}:${mark}`;
    const turn = (latest.current.get(key) ?? 0) + 1;
    latest.current.set(key, turn);
    const on = !channel[FIELD[mark]];
    const set = (value: boolean) => updateChannel(queryClient, channel.id, (c) => ({ ...c, [FIELD[mark]]: value }));
    set(on);
    setMark(channel.id, mark, on).then(
      (marks) => {
        if (latest.current.get(key) === turn) updateChannel(queryClient, channel.id, (c) => withMarks(c, marks));
      },
      (error: unknown) => {
        if (latest.current.get(key) !== turn) return;
        set(!on);
        toast.error(errorMessage(error, t('community.pane.markFailed')));
      },
    );
  };
}

/** `channel-marked`: the person marked a channel on another tab or device. */
export function useChannelMarksLive() {
  const queryClient = useQueryClient();
  useSocketEvent('channel-marked', (marks) => {
    updateChannel(queryClient, marks.channelId, (c) => withMarks(c, marks));
  });
}
