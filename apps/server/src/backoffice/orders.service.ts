import type { z } from 'zod';
import {
  BO_MESSAGES,
  refundAmountCents,
  type BoOrder,
  type RefundChoice,
  type BoOrderRow as BoOrderRowAnswer,
  type ListPage,
  type OrderStatus,
  type boOrderQuerySchema,
  type boRefundRequestSchema,
} from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Conflict, Invalid, NotFound, Unavailable } from '../core/domain-errors.js';
import { PaymentError } from '../core/payments/payment-provider.js';
import { formatPhone } from '@portal/contracts';
import {
  addressLines,
  billingAddressOf,
  colorImageKey,
  createOrderPictures,
  orderRefundedEmail,
  orderShippedEmail,
  releaseLines,
  knownCarrier,
  trackingUrl,
} from '../taberna/index.js';
import { createBoCatalogueRepository } from './catalogue.repository.js';
import type { AuditedActions } from './audit-trail.js';
import { createAuditRepository } from './audit.repository.js';
import { listPage, listRead } from './list-page.js';
import { orderEvents } from './order-timeline.js';
import { createBoOrdersRepository, type BoOrderLine, type BoOrderRow } from './orders.repository.js';

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const money = (value: number) => (value / 100).toFixed(2);

/** Issue 28: the statuses an order can be refunded (again) from. */
const REFUNDABLE: OrderStatus[] = ['paid', 'partially_refunded'];

/** How many of each line the order's refunds covered, by line id. */
function refundedQuantities(refunds: { refund: { lines: RefundChoice[] } }[]): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const { refund } of refunds) {
    for (const line of refund.lines) quantities.set(line.line_id, (quantities.get(line.line_id) ?? 0) + line.quantity);
  }
  return quantities;
}

/** "1 × Shirt (Red, M), 2 × Mug": what a refund covered, for the timeline. */
const refundedItems = (lines: BoOrderLine[]) =>
  lines
    .map(
      (line) =>
        `${line.quantity} × ${line.productName}${line.color || line.size ? ` (${[line.color, line.size].filter(Boolean).join(', ')})` : ''}`,
    )
    .join(', ');

/** Orders in the back office: the list, one order's page, and ship, deliver, cancel and refund. */
export function createBoOrdersService(
  deps: Pick<Deps, 'db' | 'media' | 'config' | 'mailer' | 'payments' | 'log' | 'expensiveReads'>,
  audited: AuditedActions,
) {
  const { db, media, config, mailer, payments, log, expensiveReads } = deps;
  const repo = createBoOrdersRepository(db);
  const picturesOf = createOrderPictures(deps);
  const emailContext = async (lines: BoOrderLine[]) => ({
    publicUrl: config.publicUrl,
    currency: config.shop.currency,
    pictures: await picturesOf(lines),
  });

  /** Each line's colour picture (issue 25), as a URL. */
  async function lineImages(lines: BoOrderLine[]): Promise<Map<number, string | null>> {
    const catalogue = createBoCatalogueRepository(db);
    const images = new Map<number, string | null>();
    for (const productId of new Set(lines.map((line) => line.productId))) {
      const product = await catalogue.product(productId);
      const pictures = await catalogue.galleryOf(productId);
      for (const line of lines.filter((candidate) => candidate.productId === productId)) {
        const key = product ? colorImageKey({ image: product.image, pictures }, line.color) : null;
        images.set(line.id, key ? media.url(key) : null);
      }
    }
    return images;
  }

  const rowAnswer = (order: BoOrderRow, itemsCount: number, paymentId: string | null): BoOrderRowAnswer => ({
    id: order.id,
    order_number: order.orderNumber,
    status: order.orderStatus as OrderStatus,
    email: order.email,
    full_name: `${order.firstName} ${order.lastName}`.trim(),
    order_total: order.orderTotal,
    items_count: itemsCount,
    payment_id: paymentId,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  });

  async function detail(id: number): Promise<BoOrder> {
    const order = await repo.byId(id);
    if (!order) throw new NotFound('No such order.');
    const [lines, payment, trail, refunds] = await Promise.all([
      repo.linesOf(id),
      repo.paymentOf(id),
      createAuditRepository(db).history(`order:${id}`),
      repo.refundsOf(id),
    ]);
    const refunded = refundedQuantities(refunds);
    const images = await lineImages(lines);
    const subtotal = lines.reduce((sum, line) => sum + cents(line.productPrice) * line.quantity, 0);
    return {
      ...rowAnswer(
        order,
        lines.reduce((sum, line) => sum + line.quantity, 0),
        payment?.paymentId ?? null,
      ),
      first_name: order.firstName,
      last_name: order.lastName,
      phone: order.phone,
      phone_verified: order.phoneVerified,
      // The billing address without the name (shown above it), as before; with its postcode now.
      address: addressLines({ ...billingAddressOf(order), first_name: '', last_name: '' }).join('\n'),
      postal_code: order.postalCode,
      country_code: order.countryCode,
      shipping_address: order.shippingAddress
        ? [
            ...addressLines(order.shippingAddress),
            ...(order.shippingAddress.phone
              ? [`${formatPhone(order.shippingAddress.phone)}${order.shippingAddress.phone_verified ? '' : ' (unverified)'}`]
              : []),
          ].join('\n')
        : null,
      order_note: order.orderNote,
      subtotal: money(subtotal),
      tax: order.tax,
      shipping_method: order.shippingMethod,
      shipping_total: order.shippingTotal,
      ...(order.discountCode === null ? {} : { discount: { code: order.discountCode, amount: order.discountTotal } }),
      // A deleted customer's order keeps no account (issue 26).
      account: order.accountId === null ? null : { id: order.accountId, email: order.email },
      payment: payment
        ? {
            payment_id: payment.paymentId,
            method: payment.paymentMethod,
            amount_paid: payment.amountPaid,
            status: payment.status,
          }
        : null,
      tracking: order.tracking,
      carrier: order.carrier,
      tracking_url: trackingUrl(order.carrier, order.tracking),
      invoice_number: order.invoiceNumber,
      lines: lines.map((line) => ({
        id: line.id,
        product_id: line.productId,
        product_name: line.productName,
        variations: line.variations.map((v) => v.variation_value),
        variant_id: line.variantId,
        sku: line.sku,
        color: line.color,
        size: line.size,
        image: images.get(line.id) ?? null,
        quantity: line.quantity,
        unit_price: line.productPrice,
        line_total: money(cents(line.productPrice) * line.quantity),
        refunded_quantity: refunded.get(line.id) ?? 0,
      })),
      ...orderEvents(order, payment, trail),
      refunds: refunds.map(({ refund, actor }) => ({
        id: refund.id,
        amount: refund.amount,
        lines: refund.lines,
        restocked: refund.restocked,
        created_at: refund.createdAt.toISOString(),
        actor,
      })),
      refundable: money(
        payment && REFUNDABLE.includes(order.orderStatus as OrderStatus)
          ? cents(payment.amountPaid) - cents(payment.amountRefunded)
          : 0,
      ),
    };
  }

  /** Emails go after the commit: a mail failure never undoes the action, and is logged. */
  async function notify(message: ReturnType<typeof orderShippedEmail>, order: BoOrderRow) {
    try {
      await mailer.send(message);
    } catch (error) {
      log.error({ err: error, order: order.orderNumber }, 'back-office order email failed');
    }
  }

  /** A step from `from` to the action's status, once; otherwise 404 or 409 with the order's status. */
  async function guarded<T>(
    actor: AuthUser,
    id: number,
    action: 'ship' | 'deliver' | 'cancel' | 'refund' | 'note',
    work: (
      order: BoOrderRow,
      tx: Parameters<Parameters<AuditedActions>[1]>[0],
    ) => Promise<{ order: BoOrderRow; lines: BoOrderLine[]; after: T }>,
  ) {
    return audited(actor, async (tx, record) => {
      const txRepo = createBoOrdersRepository(tx);
      // Locked: a concurrent action on the order waits here, then reads what the first one wrote.
      const before = await txRepo.byId(id, true);
      if (!before) throw new NotFound('No such order.');
      const result = await work(before, tx);
      await record({
        action: `order.${action}`,
        target: `order:${id}`,
        targetLabel: before.orderNumber,
        before: { status: before.orderStatus },
        after: { status: result.order.orderStatus, ...result.after },
      });
      return result;
    });
  }

  const wrongStatus = (order: BoOrderRow, verb: string) => new Conflict(BO_MESSAGES.wrongStatus(verb, order.orderStatus));

  return {
    async list(query: z.output<typeof boOrderQuerySchema>, url: string): Promise<ListPage<BoOrderRowAnswer>> {
      const listed = await listRead({ db, expensiveReads }, query, (reader) => createBoOrdersRepository(reader).list(query));
      return listPage(
        config.publicUrl,
        url,
        query,
        listed,
        listed.rows.map((row) => rowAnswer(row.order, row.itemsCount, row.paymentId)),
      );
    },

    order: detail,

    /** Issue 28: a customer's newest orders, as the orders list shows them. */
    async ofCustomer(accountId: number, limit: number): Promise<BoOrderRowAnswer[]> {
      const rows = await repo.ofAccount(accountId, limit);
      return rows.map((row) => rowAnswer(row.order, row.itemsCount, row.paymentId));
    },

    /** Issue 28: `carrier` as staff wrote it, spelt as the shop knows it when it is a known carrier. */
    async ship(
      actor: AuthUser,
      id: number,
      { tracking, carrier: named }: { tracking: string; carrier: string },
    ): Promise<BoOrder> {
      const carrier = knownCarrier(named) ?? named;
      const { order, lines } = await guarded(actor, id, 'ship', async (before, tx) => {
        const order = await createBoOrdersRepository(tx).step(id, ['paid', 'partially_refunded'], {
          fulfilment: 'shipped',
          tracking: tracking || null,
          carrier: carrier || null,
          shippedAt: new Date(),
        });
        if (!order) throw wrongStatus(before, 'marked shipped');
        const after = { tracking: tracking || null, carrier: carrier || null };
        return { order, lines: await createBoOrdersRepository(tx).linesOf(id), after };
      });
      const url = trackingUrl(carrier, tracking);
      await notify(orderShippedEmail(order, lines, await emailContext(lines), { tracking, carrier, trackingUrl: url }), order);
      return detail(id);
    },

    /** Issue 28: a staff note on the order; it is its audit row (read back into the order's timeline). */
    async addNote(actor: AuthUser, id: number, body: string): Promise<BoOrder> {
      await guarded(actor, id, 'note', async (order) => ({ order, lines: [], after: { body } }));
      return detail(id);
    },

    async deliver(actor: AuthUser, id: number): Promise<BoOrder> {
      await guarded(actor, id, 'deliver', async (before, tx) => {
        const order = await createBoOrdersRepository(tx).step(id, ['shipped'], {
          fulfilment: 'delivered',
          deliveredAt: new Date(),
        });
        if (!order) throw wrongStatus(before, 'marked delivered');
        return { order, lines: [], after: {} };
      });
      return detail(id);
    },

    /** An unpaid order: its payment page is closed first, so it cannot be paid after this. */
    async cancel(actor: AuthUser, id: number): Promise<BoOrder> {
      const current = await repo.byId(id);
      if (!current) throw new NotFound('No such order.');
      if (current.orderStatus !== 'placed') throw wrongStatus(current, 'cancelled');
      if (current.sessionId && (await payments.cancelSession(current.sessionId)) === 'paid') {
        throw new Conflict('This order was paid a moment ago: refund it instead.');
      }
      await guarded(actor, id, 'cancel', async (before, tx) => {
        const txRepo = createBoOrdersRepository(tx);
        const order = await txRepo.step(id, ['placed'], { paymentState: 'cancelled', isOrdered: false });
        if (!order) throw wrongStatus(before, 'cancelled');
        const lines = await txRepo.linesOf(id);
        await releaseLines(tx, lines, {
          orderId: id,
          reason: `Order ${order.orderNumber} cancelled by staff`,
          actorId: actor.accountId,
        });
        return { order, lines, after: {} };
      });
      return detail(id);
    },

    /**
     * A paid order, all of what remains (no `request`, as before issue 28: all the lines' stock
     * back) or some lines (issue 28). The provider's refund, the refund's row, the order's status
     * and the stock happen in one transaction (a refused refund rolls it all back); the order's row
     * is locked first, so a concurrent refund waits, then finds what this one refunded: two can
     * never give back more than was paid. Bad lines or amounts are refused before the provider is called.
     */
    async refund(actor: AuthUser, id: number, request?: z.output<typeof boRefundRequestSchema>): Promise<BoOrder> {
      const { order, lines, after } = await guarded(actor, id, 'refund', async (before, tx) => {
        const txRepo = createBoOrdersRepository(tx);
        if (!REFUNDABLE.includes(before.orderStatus as OrderStatus)) throw wrongStatus(before, 'refunded');
        const payment = await txRepo.paymentOf(id);
        if (!payment) throw new Conflict('This order has no recorded payment to refund.');
        const [orderLines, previous] = await Promise.all([txRepo.linesOf(id), txRepo.refundsOf(id)]);
        const refunded = refundedQuantities(previous);
        const left = (line: BoOrderLine) => line.quantity - (refunded.get(line.id) ?? 0);
        const partial = request?.lines ? { lines: request.lines, restock: request.restock ?? true } : undefined;
        const choice: RefundChoice[] = partial
          ? partial.lines
          : orderLines.filter((line) => left(line) > 0).map((line) => ({ line_id: line.id, quantity: left(line) }));
        const chosen = choice.map(({ line_id, quantity }) => {
          const line = orderLines.find((candidate) => candidate.id === line_id);
          if (!line) throw Invalid.fields({ lines: [`Line ${line_id} is not a line of this order.`] });
          if (quantity > left(line)) {
            throw Invalid.fields({ lines: [`Only ${left(line)} of ${line.productName} can still be refunded.`] });
          }
          return { ...line, quantity };
        });
        const paidCents = cents(payment.amountPaid);
        const remainingCents = paidCents - cents(payment.amountRefunded);
        const amountCents =
          request?.amount !== undefined
            ? cents(request.amount)
            : refundAmountCents(
                {
                  lines: orderLines.map((line) => ({
                    id: line.id,
                    unitCents: cents(line.productPrice),
                    quantity: line.quantity,
                    refundedQuantity: refunded.get(line.id) ?? 0,
                  })),
                  subtotalCents: cents(before.subtotal),
                  taxCents: cents(before.tax),
                  discountCents: cents(before.discountTotal),
                  remainingCents,
                },
                choice,
              );
        if (amountCents > remainingCents) {
          throw Invalid.fields({ amount: [`At most ${money(remainingCents)} can still be refunded.`] });
        }
        if (amountCents <= 0) throw new Conflict('Nothing of this order is left to refund.');
        const refundedCents = paidCents - remainingCents + amountCents;
        const whole = refundedCents >= paidCents;
        let refundId: string;
        try {
          ({ refundId } = await payments.refund({
            paymentId: payment.paymentId,
            amountCents,
            reference: before.orderNumber,
            // The order's first refund keeps the key it always had; each later one has its own.
            idempotencyKey: previous.length ? `refund-${before.orderNumber}-${previous.length + 1}` : undefined,
          }));
        } catch (error) {
          if (error instanceof PaymentError) throw new Unavailable(`The payment provider did not refund: ${error.message}`);
          throw error;
        }
        const restock = partial ? partial.restock : true;
        const order = await txRepo.step(id, REFUNDABLE, {
          fulfilment: whole ? 'refunded' : 'partially_refunded',
          refundedTotal: money(refundedCents),
          refundId,
          ...(whole ? { refundedAt: new Date() } : {}),
        });
        if (!order) throw wrongStatus(before, 'refunded');
        await txRepo.markPaymentRefunded(id, money(refundedCents), whole);
        await txRepo.addRefund({
          orderId: id,
          amount: money(amountCents),
          lines: choice,
          restocked: restock,
          refundId,
          actorId: actor.accountId,
        });
        if (restock) {
          await releaseLines(tx, chosen, {
            orderId: id,
            reason: `Order ${order.orderNumber} ${whole ? 'refunded' : 'partly refunded'}`,
            actorId: actor.accountId,
          });
        }
        const body = [money(amountCents), refundedItems(chosen), restock && chosen.length ? 'restocked' : '']
          .filter(Boolean)
          .join(' · ');
        return {
          order,
          lines: chosen,
          after: { refund_id: refundId, amount: money(amountCents), lines: choice, restocked: restock, body },
        };
      });
      const partial = order.orderStatus === 'partially_refunded';
      await notify(orderRefundedEmail(order, lines, await emailContext([]), { amount: after.amount, partial }), order);
      return detail(id);
    },
  };
}

export type BoOrdersService = ReturnType<typeof createBoOrdersService>;
