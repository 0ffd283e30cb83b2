import type { BoOrder, BoTimelineEntry, OrderStatus, TimelineKind } from '@portal/contracts';
import type { BoOrderRow, BoPayment } from './orders.repository.js';

/** An audit row of one order (`order:{id}`), as `audit.repository.ts#history` reads it. */
interface TrailEntry {
  action: string;
  actorEmail: string | null;
  after: unknown;
  createdAt: Date;
}

const ACTION_STATUS: Record<string, OrderStatus> = {
  'order.ship': 'shipped',
  'order.deliver': 'delivered',
  'order.cancel': 'cancelled',
  'order.refund': 'refunded',
};
const ACTION_KIND: Record<string, TimelineKind> = { ...ACTION_STATUS, 'order.note': 'note' };

/**
 * What staff wrote with an action: a note's text, or the carrier and tracking number given at
 * shipping; for a refund (issue 28), what it gave back (written with it; none before issue 28).
 */
function bodyOf(entry: TrailEntry): string {
  const after = (entry.after ?? {}) as { body?: string; carrier?: string | null; tracking?: string | null };
  if (entry.action === 'order.note' || entry.action === 'order.refund') return after.body ?? '';
  return [after.carrier, after.tracking].filter(Boolean).join(' ');
}

/** Issue 28: a refund that left some of the order unrefunded is a partial one (its audit row's status after). */
const partialRefund = (entry: TrailEntry) =>
  entry.action === 'order.refund' && (entry.after as { status?: string } | null)?.status === 'partially_refunded';

/**
 * An order's `history` (its steps, as before issue 28) and `timeline` (the steps and staff notes),
 * both read from what is recorded: the order's own dates, its payment and its audit trail.
 */
export function orderEvents(
  order: BoOrderRow,
  payment: BoPayment | undefined,
  trail: TrailEntry[],
): Pick<BoOrder, 'history' | 'timeline'> {
  const history: BoOrder['history'] = [
    { action: 'placed', status: 'placed', actor: null, note: '', created_at: order.createdAt.toISOString() },
  ];
  const timeline: BoTimelineEntry[] = [{ kind: 'placed', body: '', actor: null, created_at: order.createdAt.toISOString() }];
  if (payment) {
    const at = payment.createdAt.toISOString();
    history.push({ action: 'paid', status: 'paid', actor: null, note: payment.paymentMethod, created_at: at });
    timeline.push({ kind: 'paid', body: payment.paymentMethod, actor: null, created_at: at });
  }
  for (const entry of trail) {
    const at = entry.createdAt.toISOString();
    const kind = partialRefund(entry) ? 'partially_refunded' : ACTION_KIND[entry.action];
    if (kind) timeline.push({ kind, body: bodyOf(entry), actor: entry.actorEmail, created_at: at });
    if (entry.action === 'order.note') continue;
    const after = (entry.after ?? {}) as { tracking?: string | null };
    history.push({
      action: entry.action.replace(/^order\./, ''),
      status: partialRefund(entry) ? 'partially_refunded' : (ACTION_STATUS[entry.action] ?? (order.orderStatus as OrderStatus)),
      actor: entry.actorEmail,
      note: after.tracking ?? '',
      created_at: at,
    });
  }
  if ((order.orderStatus === 'expired' || order.orderStatus === 'cancelled') && !trail.some((e) => e.action === 'order.cancel')) {
    const at = order.updatedAt.toISOString();
    history.push({ action: order.orderStatus, status: order.orderStatus, actor: null, note: '', created_at: at });
    timeline.push({ kind: order.orderStatus, body: '', actor: null, created_at: at });
  }
  // The payment is recorded by the shop, the steps and notes by staff: put them in the order they happened.
  timeline.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return { history, timeline };
}
