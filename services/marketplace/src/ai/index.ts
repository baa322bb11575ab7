export { interpret } from './interpret.ts';
export {
  type AiInterpreter,
  createLlmInterpreter,
  type FallbackLog,
  type FallbackOptions,
  interpretWithFallback,
  LlmError,
  type LlmFailure,
  type LlmOptions,
  systemPrompt,
} from './llm.ts';
export { createVocabulary, VOCABULARY, type Vocabulary, type VocabularyEntry } from './vocabulary.ts';
