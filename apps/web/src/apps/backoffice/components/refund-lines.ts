import type { BoOrder } from '@portal/contracts';

type Line = BoOrder['lines'][number];

/** A line as staff know it: "Shirt (Red, M)". */
export const lineLabel = (line: Line) => {
  const variant = line.color !== null || line.size !== null ? [line.color, line.size].filter(Boolean) : line.variations;
  return `${line.product_name}${variant.length ? ` (${variant.join(', ')})` : ''}`;
};

/** "1 × Shirt (Red, M), 2 × Mug": what a refund covered (a line no longer on the order is left out). */
export const refundedItems = (order: BoOrder, refund: BoOrder['refunds'][number]) =>
  refund.lines
    .flatMap(({ line_id, quantity }) => {
      const line = order.lines.find((candidate) => candidate.id === line_id);
      return line ? [`${quantity} × ${lineLabel(line)}`] : [];
    })
    .join(', ');
