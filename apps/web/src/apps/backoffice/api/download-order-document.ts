import { downloadFile } from '../../../shared/api/download-file';

export type OrderDocument = 'invoice' | 'packing-slip';

/** Issue 28: `GET /api/backoffice/orders/{id}/invoice/` and `…/packing-slip/`, saved as the server names them. */
export const downloadOrderDocument = (id: number, document: OrderDocument) =>
  downloadFile(`/api/backoffice/orders/${id}/${document}/`, { accept: 'application/pdf', fallback: `${document}-${id}.pdf` });
