import { type AttachmentRequest, ORDER_LIMITS, type OrderAction } from '@commonwork/contracts';

/**
 * The lifecycle's steps an order's page offers as buttons, in the order it shows them: the step
 * that moves the order on first, the ones that end it last. `review` and `reply` belong to the reviews' slot.
 */
export const STEP_ACTIONS = [
  'accept',
  'deliver',
  'complete',
  'revision',
  'agreeCancel',
  'refuseCancel',
  'withdrawCancel',
  'settleCancel',
  'resumeOrder',
  'decline',
  'cancel',
] as const satisfies readonly OrderAction[];
export type StepAction = (typeof STEP_ACTIONS)[number];

/** The steps the server lists for the reader, in the order the page shows them. */
export const stepActionsOf = (actions: readonly OrderAction[]): StepAction[] => STEP_ACTIONS.filter((a) => actions.includes(a));

/**
 * What a step asks before it is sent: nothing (`now`), a yes (`confirm`: it cannot be undone), a
 * reason, or a delivery (a message and files).
 */
export type StepForm = 'now' | 'confirm' | 'reason' | 'delivery';

const FORMS: Record<StepAction, StepForm> = {
  accept: 'now',
  decline: 'reason',
  deliver: 'delivery',
  revision: 'reason',
  complete: 'confirm',
  cancel: 'reason',
  agreeCancel: 'confirm',
  refuseCancel: 'now',
  withdrawCancel: 'now',
  settleCancel: 'confirm',
  resumeOrder: 'now',
};

export const formOf = (action: StepAction): StepForm => FORMS[action];

/** The longest text a step's form takes. */
export const textLimitOf = (action: StepAction): number =>
  FORMS[action] === 'delivery' ? ORDER_LIMITS.deliveryMessage : ORDER_LIMITS.reason;

/** How a button looks: the step that moves the order forward stands out, one that ends it is marked. */
export type StepTone = 'primary' | 'secondary' | 'danger';

const TONES: Record<StepAction, StepTone> = {
  accept: 'primary',
  decline: 'danger',
  deliver: 'primary',
  revision: 'secondary',
  complete: 'primary',
  cancel: 'danger',
  agreeCancel: 'danger',
  refuseCancel: 'secondary',
  withdrawCancel: 'secondary',
  settleCancel: 'danger',
  resumeOrder: 'secondary',
};

export const toneOf = (action: StepAction): StepTone => TONES[action];

/** One call of the lifecycle and its body, as the contracts' route table names them. */
export type StepRequest =
  | { route: 'accept' | 'complete'; body: Record<string, never> }
  | { route: 'decline' | 'revision'; body: { reason: string } }
  | { route: 'deliver'; body: { message: string; attachments: AttachmentRequest[] } }
  | { route: 'cancel'; body: { reason: string; response?: 'agree' | 'refuse' | 'withdraw' } };

/** What the reader filled in for a step (empty for one that asks nothing). */
export interface StepInput {
  text: string;
  attachments: AttachmentRequest[];
}

/**
 * The call a step makes. Answering a cancellation, the other side's or an admin's, is the cancel
 * call with a `response`: agreeing (or settling) cancels, refusing disputes it (or resumes the
 * order); the side that asked may withdraw its request.
 */
export function stepRequest(action: StepAction, { text, attachments }: StepInput): StepRequest {
  switch (action) {
    case 'accept':
    case 'complete':
      return { route: action, body: {} };
    case 'decline':
    case 'revision':
      return { route: action, body: { reason: text } };
    case 'deliver':
      return { route: 'deliver', body: { message: text, attachments } };
    case 'cancel':
      return { route: 'cancel', body: { reason: text } };
    case 'agreeCancel':
    case 'settleCancel':
      return { route: 'cancel', body: { reason: '', response: 'agree' } };
    case 'refuseCancel':
    case 'resumeOrder':
      return { route: 'cancel', body: { reason: '', response: 'refuse' } };
    case 'withdrawCancel':
      return { route: 'cancel', body: { reason: '', response: 'withdraw' } };
  }
}
