import { messagingRoutes } from '@commonwork/contracts';
import { call } from '../../shared/api/index.ts';

export interface JoinedChannel {
  name: string;
  channelId: string;
}

/** POST /api/chat/join/channel/{joinLink}: joins the channel the link names (404 for an unknown or revoked link). */
export function joinChannelByLink(joinLink: string): Promise<JoinedChannel> {
  return call(messagingRoutes.joinByLink, { params: { joinLink } }).then((body) => body.data);
}
