import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** The orders' screens' messages (the list, an order's page, the order form): `t('orders.…')` (see shared/i18n). */
export const { t, useT } = defineMessages(english);
