import type { Discount, DiscountCreate, DiscountKind } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-client';

/** Issue 28: the discount dialog's fields as typed (strings; dates as `datetime-local` values, local time). */
export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  value: string;
  min_subtotal: string;
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  once_per_customer: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An API timestamp as a `datetime-local` value in the browser's time zone ("" for none). */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The dialog's starting values: the code's when editing, empty for a new one. */
export function discountFormOf(discount: Discount | null): DiscountFormValues {
  return {
    code: discount?.code ?? '',
    kind: discount?.kind ?? 'percent',
    value: discount?.value ?? '',
    min_subtotal: discount?.min_subtotal ?? '',
    starts_at: localInputOf(discount?.starts_at ?? null),
    ends_at: localInputOf(discount?.ends_at ?? null),
    usage_limit: discount?.usage_limit === null || discount?.usage_limit === undefined ? '' : String(discount.usage_limit),
    once_per_customer: discount?.once_per_customer ?? false,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const isoOf = (local: string) => {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

/**
 * The request body: blank optional fields are null (cleared), dates in UTC, the limit a number.
 * A limit that is not a whole number is sent as typed, so the server's message names it.
 */
export function discountRequest(values: DiscountFormValues): DiscountCreate {
  const limit = values.usage_limit.trim();
  return {
    code: values.code.trim(),
    kind: values.kind,
    value: values.value.trim(),
    min_subtotal: orNull(values.min_subtotal),
    starts_at: isoOf(values.starts_at),
    ends_at: isoOf(values.ends_at),
    usage_limit: limit === '' ? null : /^\d+$/.test(limit) ? Number(limit) : (limit as unknown as number),
    once_per_customer: values.once_per_customer,
  };
}

/**
 * The back office's field errors (`{field: [message]}`), first message per field. Read here rather
 * than through the client's error list, which leaves a bare `code` key out as a machine code.
 */
export function discountFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : undefined;
    if (typeof first === 'string' && key !== 'detail') fields[key] = first;
  }
  return fields;
}

/** "10% off" or "5.00 off" (money formatted by the caller's formatter). */
export function valueText(discount: Pick<Discount, 'kind' | 'value'>, money: (value: string) => string): string {
  return discount.kind === 'percent' ? `${Number(discount.value)}% off` : `${money(discount.value)} off`;
}

/** "3 / 10 used" with what unpaid orders hold, or "3 used" without a limit. */
export function usesText(discount: Pick<Discount, 'used' | 'reserved' | 'usage_limit'>): string {
  const used = discount.usage_limit === null ? `${discount.used} used` : `${discount.used} / ${discount.usage_limit} used`;
  return discount.reserved > 0 ? `${used} (${discount.reserved} waiting for payment)` : used;
}
