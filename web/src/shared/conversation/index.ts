export {
  addToConversation,
  catchUpConversation,
  fetchMessagesAfter,
  fetchMessagesBefore,
  loadOlderIntoConversation,
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
