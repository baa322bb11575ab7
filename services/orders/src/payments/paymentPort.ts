import { ORDER_MESSAGES, type OrderCard } from '@commonwork/contracts';

/** What the platform knows of an order's payment: the price the two sides agreed, and how it is paid. */
export interface PaymentRecord {
  orderId: string;
  amount: number;
  /** 'arranged_between_parties': no provider took part; the two sides settle it themselves. */
  method: 'arranged_between_parties';
  /** The sentence the order's page shows about payment. */
  note: string;
}

/**
 * Where a payment provider plugs in (docs/decisions/orders/payment-port.md). The order's stream is
 * the record of the agreement; a provider would hold the buyer's money when the seller accepts
 * (`recordAgreement`), and release or refund it on completion or cancellation, reacting to the
 * published events so a step never waits on a provider.
 */
export interface PaymentPort {
  recordAgreement(order: OrderCard): Promise<PaymentRecord>;
}

/**
 * The one implementation: no provider is reachable, so the agreed price is recorded as it is in
 * the order's stream (the accepted order's card), and the page says payment is arranged between
 * the two.
 */
export const agreedPriceOnly: PaymentPort = {
  recordAgreement: async (order) => ({
    orderId: order.orderId,
    amount: order.price,
    method: 'arranged_between_parties',
    note: ORDER_MESSAGES.payment,
  }),
};
