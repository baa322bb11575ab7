export { attachmentRequests } from './attachments/attachments.ts';
export { ConversationList } from './ConversationList.tsx';
export { ConversationPane } from './ConversationPane.tsx';
export {
  addToConversation,
  type CursorQuery,
  catchUpConversation,
  type FetchMessagesPage,
  fetchMessagesAfter,
  fetchMessagesBefore,
  loadOlderIntoConversation,
  receiveLive,
} from './catchUp.ts';
export {
  firstSequenceOf,
  hasOlderMessages,
  lastSequenceOf,
  mergeMessages,
  type ReadState,
  reconcileReadState,
  type Sequenced,
  unreadOf,
  withLastSequence,
  withoutMessage,
  withReadPosition,
} from './conversation.ts';
export { catchUpMessages, loadOlderMessages, receiveMessage, useConversationMessages } from './messages.ts';
export { newClientId } from './optimistic.ts';
export type {
  ConversationKind,
  ConversationOf,
  ConversationSource,
  MessageOf,
  MessagesQuery,
  OutgoingMessage,
  ReadPosition,
} from './source.ts';
export { UnreadBadge } from './UnreadBadge.tsx';
export { useConversationLive } from './useConversationLive.ts';
