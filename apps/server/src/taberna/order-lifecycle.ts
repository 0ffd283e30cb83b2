import type { Deps } from '../core/deps.js';
import { giveInvoiceNumber } from './invoice-numbering.js';
import type { Executor } from '../db/client.js';
import { toCents } from './money.js';
import { orderConfirmationEmail } from './order-email.js';
import { createOrderPictures } from './order-pictures.js';
import { createOrdersRepository, type OrderLineRow, type OrderRow } from './orders.repository.js';
import { releaseLines, reserveLines } from './stock-moves.js';
import { discountProblem } from './cart-discount.js';
import { createDiscountsRepository } from './discounts.repository.js';

export type Completion = 'completed' | 'already-paid' | 'amount-mismatch' | 'sold-out' | 'discount-used-up';

export interface ProviderPayment {
  paymentId: string | null;
  /** What the provider says was paid; checked against the order total when known. */
  amountCents: number | null;
}

/** The two ends of an order's life: paid (once) or released (once), whatever calls in whatever order. */
export function createOrderLifecycle(deps: Pick<Deps, 'db' | 'media' | 'mailer' | 'log' | 'payments' | 'config'>) {
  const { db, mailer, log, payments, config } = deps;
  const picturesOf = createOrderPictures(deps);
  async function sendConfirmation(order: OrderRow, lines: OrderLineRow[]) {
    try {
      const context = { publicUrl: config.publicUrl, currency: config.shop.currency, pictures: await picturesOf(lines) };
      await mailer.send(orderConfirmationEmail(order, lines, payments.methodName, context));
    } catch (error) {
      log.error({ err: error, order: order.orderNumber }, 'order confirmation email failed');
    }
  }

  return {
    /**
     * Records the payment, marks the lines ordered, keeps the reserved stock sold and takes the
     * bought lines out of the cart, and gives the invoice its number — in one transaction, guarded by the pending → paid step, so
     * only the first of the return page, the webhook and any retries does it.
     */
    async complete(orderId: number, payment: ProviderPayment): Promise<Completion> {
      const outcome = await db
        .transaction(async (tx) => {
          const repo = createOrdersRepository(tx);
          const current = await repo.byId(orderId);
          if (!current) throw new Error(`order ${orderId} vanished`);
          if (current.paymentState === 'paid') return { result: 'already-paid' as const };
          if (payment.amountCents !== null && payment.amountCents !== toCents(current.orderTotal)) {
            log.error(
              { order: current.orderNumber, paid: payment.amountCents, total: current.orderTotal },
              'paid amount differs from the order total',
            );
            return { result: 'amount-mismatch' as const };
          }
          const lines = await repo.linesOf([orderId]);
          let order = await repo.transition(orderId, ['pending'], 'paid');
          if (!order) {
            const now = await repo.byId(orderId);
            if (now?.paymentState === 'paid') return { result: 'already-paid' as const };
            // Issue 28: its discount code's use was given back; paid late, it must still be free (decision 026).
            if (await lateDiscountTaken(tx, current)) {
              log.error({ order: current.orderNumber }, 'paid after expiry, its discount code used up: refund the payment');
              throw new DiscountUsedUp();
            }
            // Paid after it expired or was cancelled: its stock was released, so take it again if it is still there.
            if (await reserveLines(tx, lines, orderId)) {
              log.error({ order: current.orderNumber }, 'paid after expiry and sold out: refund the payment');
              throw new SoldOut();
            }
            order = await repo.transition(orderId, ['cancelled', 'expired'], 'paid');
            if (!order) return { result: 'already-paid' as const };
          }
          // Issue 28: the invoice number is taken with the payment, in this transaction: no payment without one, no gap.
          if (!order.invoiceNumber) order = { ...order, ...(await giveInvoiceNumber(tx, orderId, new Date())) };
          await repo.insertPayment({
            orderId,
            paymentId: payment.paymentId ?? String(orderId),
            paymentMethod: payments.methodName,
            amountPaid: order.orderTotal,
            status: 'Completed',
          });
          await repo.markLinesOrdered(orderId);
          await repo.removeFromCart(order.accountId, lines);
          // Issue 28: the code did its work; the cart does not keep offering it.
          if (order.discountId !== null && order.accountId !== null)
            await createDiscountsRepository(tx).clearAccountCartDiscount(order.accountId, order.discountId);
          return { result: 'completed' as const, order, lines };
        })
        .catch((error: unknown) => {
          if (error instanceof SoldOut) return { result: 'sold-out' as const };
          if (error instanceof DiscountUsedUp) return { result: 'discount-used-up' as const };
          throw error;
        });
      if (outcome.result === 'completed') await sendConfirmation(outcome.order, outcome.lines);
      return outcome.result;
    },

    /** Cancels (failed page) or expires an unpaid order and gives its stock back; false if it was not pending. */
    async release(orderId: number, to: 'cancelled' | 'expired'): Promise<boolean> {
      return db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx);
        const order = await repo.transition(orderId, ['pending'], to);
        if (!order) return false;
        const lines = await repo.linesOf([orderId]);
        const reason = to === 'expired' ? 'Order expired unpaid' : 'Order cancelled unpaid';
        await releaseLines(tx, lines, { orderId, reason });
        return true;
      });
    },
  };
}

class SoldOut extends Error {}
class DiscountUsedUp extends Error {}

/** Whether the code of an order paid after it was released has no use left for it (other orders took them). */
async function lateDiscountTaken(tx: Executor, order: OrderRow): Promise<boolean> {
  if (order.discountId === null) return false;
  const code = await createDiscountsRepository(tx).lockById(order.discountId);
  if (!code) return false;
  return (await discountProblem(tx, code, Number.MAX_SAFE_INTEGER, order.accountId, order.id, true)) !== null;
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
