import { downloadFile } from '../../../shared/api/download-file';

/** Issue 28: `GET /taberna-profiles/api/v1/orders/{order_number}/invoice/`, saved as the server names it. */
export const downloadInvoice = (orderNumber: string) =>
  downloadFile(`/taberna-profiles/api/v1/orders/${encodeURIComponent(orderNumber)}/invoice/`, {
    accept: 'application/pdf',
    fallback: `invoice-${orderNumber}.pdf`,
  });
