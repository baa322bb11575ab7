/**
 * The query parameter naming a message to show in the open conversation (a search hit, a mention's
 * notification): a file of its own, so pages that only link to a message load none of the conversation code.
 */
export const MESSAGE_PARAM = 'message';
