import { type Attachment, type Mentionable, type MessageApp, resolveMentions } from '@commonwork/contracts';
import { createError, type Decider, Forbidden } from '@commonwork/kit';
import type { PersonCard } from '../tables.ts';
import { type ChannelEvent, type ChannelState, initialChannelState } from './channel.ts';

export const ChannelNotFound = createError('CHANNEL_NOT_FOUND', 'Channel not found', 404);
/** An incoming webhook whose maker is no longer in its channel: the hook outlived its right to post there. */
export const HookGone = createError('HOOK_GONE', 'This webhook’s channel is no longer available to it', 410);

export type ChannelCommand =
  | {
      type: 'CreateChannel';
      channelId: string;
      actorId: string;
      name: string;
      description: string;
      channelType: 'public' | 'private';
      category: 'general' | 'random' | 'tech' | 'music';
    }
  | {
      type: 'PostMessage';
      actor: PersonCard;
      messageId: string;
      content: string;
      clientId: string | null;
      /** The people the text's `@names` may be (see channels/mentions.ts); only the channel's members are mentioned. */
      mentionable?: Mentionable[];
      /** Uploads of the sender's, already checked as theirs (the kit's `attachmentsOf`). */
      attachments?: Attachment[];
      /**
       * An incoming webhook posting (incomingHooks/): `actor` is the hook, which is no member; in a
       * private channel it posts while the admin who made it is still a member.
       */
      app?: MessageApp & { createdBy: string };
    }
  | { type: 'GenerateJoinLink'; actorId: string; joinLink: string }
  | { type: 'JoinByLink'; actorId: string }
  | { type: 'OpenEventChannel'; channelId: string; eventId: string; organizerId: string; title: string }
  | { type: 'JoinEventChannel'; userId: string }
  | { type: 'LeaveEventChannel'; userId: string };

export function evolve(state: ChannelState, event: ChannelEvent): ChannelState {
  switch (event.type) {
    case 'ChannelCreated':
      return { ...state, exists: true, channelId: event.data.channelId, type: event.data.type, creatorId: event.data.creatorId };
    case 'MemberJoined':
      return { ...state, members: [...state.members, event.data.userId] };
    case 'MemberLeft':
      return { ...state, members: state.members.filter((id) => id !== event.data.userId) };
    case 'JoinLinkGenerated':
      return state;
    case 'MessagePosted':
      return { ...state, lastSequence: event.data.sequence, messageCount: event.data.messageCount };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Admins are the creator (listed admins would be added here when channels get admin management). */
const isAdmin = (state: ChannelState, actorId: string) => state.creatorId === actorId;
const isMember = (state: ChannelState, userId: string) => state.members.includes(userId);

/** The members a post mentions, when it mentions any (a plain message's event stays as it was). */
function mentionsIn(command: { content: string; mentionable?: Mentionable[] }, state: ChannelState) {
  const members = (command.mentionable ?? []).filter((m) => isMember(state, m.userId));
  const mentions = resolveMentions(command.content, members);
  return mentions.length > 0 ? { mentions } : {};
}

export function decide(command: ChannelCommand, state: ChannelState): ChannelEvent[] {
  switch (command.type) {
    case 'CreateChannel': {
      const { channelId, actorId, name, description, channelType, category } = command;
      return [
        { type: 'ChannelCreated', data: { channelId, name, description, type: channelType, category, creatorId: actorId } },
        { type: 'MemberJoined', data: { channelId, userId: actorId, via: 'create', memberCount: 1 } },
      ];
    }
    case 'PostMessage': {
      if (!state.exists) throw ChannelNotFound();
      const events: ChannelEvent[] = [];
      if (command.app) {
        // A private channel's hook posts while its maker may still read the channel (an event's attendee leaves).
        if (state.type === 'private' && !isMember(state, command.app.createdBy)) throw HookGone();
      } else if (!isMember(state, command.actor.userId)) {
        // A public channel is open to anyone signed in: the first post joins it. A private one needs a link.
        if (state.type === 'private') throw ChannelNotFound();
        const memberCount = state.members.length + 1;
        events.push({ type: 'MemberJoined', data: { channelId: state.channelId, userId: command.actor.userId, via: 'post', memberCount } });
      }
      events.push({
        type: 'MessagePosted',
        data: {
          channelId: state.channelId,
          messageId: command.messageId,
          sequence: state.lastSequence + 1,
          messageCount: state.messageCount + 1,
          sender: command.actor,
          content: command.content,
          clientId: command.clientId,
          ...mentionsIn(command, state),
          ...(command.attachments?.length ? { attachments: command.attachments } : {}),
          ...(command.app && { app: { id: command.app.id, name: command.app.name } }),
        },
      });
      return events;
    }
    case 'GenerateJoinLink':
      if (!state.exists || (state.type === 'private' && !isMember(state, command.actorId))) throw ChannelNotFound();
      if (!isAdmin(state, command.actorId)) throw Forbidden('Only admins can generate join links');
      return [
        { type: 'JoinLinkGenerated', data: { channelId: state.channelId, joinLink: command.joinLink, generatedBy: command.actorId } },
      ];
    case 'JoinByLink':
      if (!state.exists) throw ChannelNotFound();
      if (isMember(state, command.actorId)) return [];
      return [
        {
          type: 'MemberJoined',
          data: { channelId: state.channelId, userId: command.actorId, via: 'link', memberCount: state.members.length + 1 },
        },
      ];
    case 'OpenEventChannel': {
      // The event was published again (or its event redelivered): its channel is already open.
      if (state.exists) return [];
      const { channelId, eventId, organizerId, title } = command;
      return [
        {
          type: 'ChannelCreated',
          data: {
            channelId,
            name: title,
            description: `Attendees of "${title}" meet here before and after the event.`,
            type: 'private',
            category: 'tech',
            creatorId: organizerId,
            eventId,
          },
        },
        { type: 'MemberJoined', data: { channelId, userId: organizerId, via: 'create', memberCount: 1 } },
      ];
    }
    case 'JoinEventChannel':
      if (!state.exists) throw ChannelNotFound();
      if (isMember(state, command.userId)) return [];
      return [
        {
          type: 'MemberJoined',
          data: { channelId: state.channelId, userId: command.userId, via: 'event', memberCount: state.members.length + 1 },
        },
      ];
    case 'LeaveEventChannel':
      if (!state.exists) throw ChannelNotFound();
      // The organiser stays: they run the channel whoever comes.
      if (!isMember(state, command.userId) || isAdmin(state, command.userId)) return [];
      return [{ type: 'MemberLeft', data: { channelId: state.channelId, userId: command.userId, memberCount: state.members.length - 1 } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const channelDecider: Decider<ChannelState, ChannelCommand, ChannelEvent> = { initialState: initialChannelState, evolve, decide };
