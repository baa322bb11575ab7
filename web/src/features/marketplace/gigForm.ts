import { DEFAULT_DELIVERY_TIME, type DeliveryTime, type Gig, type GigInput } from '@commonwork/contracts';
import { translateEnglish } from '../../shared/i18n/index.ts';
import { t } from './locales/index.ts';

/** What the form holds: the price stays the typed text until the schema coerces it. */
export interface GigFormValues {
  title: string;
  description: string;
  category: string;
  subCategory: string;
  price: string;
  deliveryTime: DeliveryTime;
  tags: string[];
}

export type GigFormField = keyof GigFormValues;

/** The order the form's rules are checked and reported in (spec 001 §5). */
export const VALIDATION_ORDER: readonly GigFormField[] = [
  'title',
  'description',
  'category',
  'subCategory',
  'price',
  'deliveryTime',
  'tags',
];

const FORM_FIELDS: readonly string[] = VALIDATION_ORDER;
export const isGigFormField = (field: string): field is GigFormField => FORM_FIELDS.includes(field);

export const EMPTY_GIG_FORM: GigFormValues = {
  title: '',
  description: '',
  category: '',
  subCategory: '',
  price: '',
  deliveryTime: DEFAULT_DELIVERY_TIME,
  tags: [],
};

/** The form prefilled with an existing gig. */
export function formValuesOf(gig: Gig): GigFormValues {
  return {
    title: gig.title,
    description: gig.description,
    category: gig.category,
    subCategory: gig.subCategory,
    price: String(gig.price),
    deliveryTime: gig.deliveryTime ?? DEFAULT_DELIVERY_TIME,
    tags: [...(gig.tags ?? [])],
  };
}

/**
 * The first failed rule in the spec's order (title, description, category, sub-category, price):
 * the one message the toast shows, in the language shown (the schema's words are English). `errors`
 * maps a field to its message.
 */
export function firstErrorMessage(errors: Partial<Record<string, { message?: string | undefined } | undefined>>): string | null {
  for (const field of VALIDATION_ORDER) {
    const message = errors[field]?.message;
    if (message) return translateEnglish(message);
  }
  return null;
}

/** The request body for a save: the validated values with the chosen status. */
export function toGigBody(values: GigInput, status: 'draft' | 'active'): GigInput {
  return { ...values, status };
}

/** Characters the description hint asks for (spec 001 §5; a hint, not a rule). */
export const DESCRIPTION_HINT_CHARS = 100;

/** The hint under the description: how many characters toward the suggested 100. */
export function descriptionHint(length: number): string {
  return length >= DESCRIPTION_HINT_CHARS
    ? t('marketplace.form.characters', { length })
    : t('marketplace.form.charactersHint', { length, min: DESCRIPTION_HINT_CHARS });
}
