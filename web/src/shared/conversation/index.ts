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
