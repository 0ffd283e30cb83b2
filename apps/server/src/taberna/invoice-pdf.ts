import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatMoney } from '@portal/contracts';
import type { InvoiceModel } from './invoice-model.js';

/**
 * Issue 28: invoices and packing slips as PDF (pdfkit), A4. The text is set in DejaVu Sans (from
 * the `dejavu-fonts-ttf` package, read from disk once, embedded as a subset): Latin, Greek and
 * Cyrillic names print as written; nothing is fetched.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontsOnce = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const RIGHT = PAGE.width - PAGE.margin;
const WIDTH = RIGHT - PAGE.margin;
const INK = '#1f2328';
const MUTED = '#5f6670';
const RULE = '#d0d4d9';
const BAND = '#f1f3f5';
const ACCENT = '#1b4f72';

type Doc = PDFKit.PDFDocument;

const dayOf = (date: Date) =>
  date.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

function newDocument(title: string, model: InvoiceModel): Doc {
  const { regular, bold } = fontsOnce();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: false,
    info: { Title: title, Author: model.shop.name, Creator: model.shop.name, Producer: 'Taberna' },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular').fillColor(INK);
  return doc;
}

/** The shop at the top left, the document's name and references at the top right. */
function header(doc: Doc, model: InvoiceModel, title: string, references: [string, string][]): void {
  const top = PAGE.margin;
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(model.shop.name, PAGE.margin, top, { width: WIDTH * 0.55 });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  for (const line of model.shop.address) doc.text(line, { width: WIDTH * 0.55 });
  const leftBottom = doc.y;

  doc.font('bold').fontSize(20).fillColor(ACCENT).text(title, PAGE.margin, top, { width: WIDTH, align: 'right' });
  let y = doc.y + 6;
  for (const [label, value] of references) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, RIGHT - 230, y, { width: 110, align: 'right' });
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, RIGHT - 115, y, { width: 115, align: 'right' });
    y += 14;
  }
  const bottom = Math.max(leftBottom, y) + 14;
  doc.moveTo(PAGE.margin, bottom).lineTo(RIGHT, bottom).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.y = bottom + 16;
}

/** Two addresses side by side, each under its heading. */
function addresses(doc: Doc, blocks: [string, string[]][]): void {
  const top = doc.y;
  const column = WIDTH / 2;
  let bottom = top;
  blocks.forEach(([heading, lines], index) => {
    const x = PAGE.margin + index * column;
    doc
      .font('bold')
      .fontSize(8)
      .fillColor(MUTED)
      .text(heading.toUpperCase(), x, top, { width: column - 16, characterSpacing: 0.6 });
    doc.moveDown(0.3);
    doc.font('regular').fontSize(10).fillColor(INK);
    for (const line of lines) doc.text(line, x, doc.y, { width: column - 16 });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 22;
}

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** A table: a shaded heading row, then rows with a rule under each; a new page (heading again) when it runs out of room. */
function table(doc: Doc, columns: Column[], rows: { cells: string[]; detail?: string }[]): void {
  const pad = 6;
  const headingRow = () => {
    const y = doc.y;
    doc.rect(PAGE.margin, y, WIDTH, 20).fill(BAND);
    let x = PAGE.margin;
    doc.font('bold').fontSize(8).fillColor(MUTED);
    for (const column of columns) {
      doc.text(column.label.toUpperCase(), x + pad, y + 6, {
        width: column.width - 2 * pad,
        align: column.align,
        characterSpacing: 0.4,
      });
      x += column.width;
    }
    doc.y = y + 20;
  };
  headingRow();
  for (const row of rows) {
    const heights = columns.map((column, index) => {
      doc.font(index === 0 ? 'bold' : 'regular').fontSize(9.5);
      return doc.heightOfString(row.cells[index]!, { width: column.width - 2 * pad });
    });
    doc.font('regular').fontSize(8);
    const detail = row.detail ? doc.heightOfString(row.detail, { width: columns[0]!.width - 2 * pad }) + 2 : 0;
    const height = Math.max(...heights.map((h, index) => h + (index === 0 ? detail : 0))) + 2 * pad + 2;
    if (doc.y + height > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      headingRow();
    }
    const y = doc.y;
    let x = PAGE.margin;
    columns.forEach((column, index) => {
      doc
        .font(index === 0 ? 'bold' : 'regular')
        .fontSize(9.5)
        .fillColor(INK);
      doc.text(row.cells[index]!, x + pad, y + pad + 1, { width: column.width - 2 * pad, align: column.align });
      if (index === 0 && row.detail)
        doc
          .font('regular')
          .fontSize(8)
          .fillColor(MUTED)
          .text(row.detail, x + pad, doc.y + 2, { width: column.width - 2 * pad });
      x += column.width;
    });
    doc.y = y + height;
    doc.moveTo(PAGE.margin, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  doc.y += 12;
}

/** Label and amount pairs at the right, the last one (the total) set apart. */
function totals(doc: Doc, rows: [string, string][], last: [string, string]): void {
  const x = RIGHT - 250;
  if (doc.y + 18 * (rows.length + 2) > PAGE.height - PAGE.margin - 40) doc.addPage();
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, x, y, { width: 150, align: 'right' });
    doc.fillColor(INK).text(value, x + 150, y, { width: 100, align: 'right' });
    doc.y = Math.max(doc.y, y + 16);
  }
  const y = doc.y + 4;
  doc
    .moveTo(x + 40, y)
    .lineTo(RIGHT, y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(last[0], x, y + 8, { width: 150, align: 'right' });
  doc.text(last[1], x + 150, y + 8, { width: 100, align: 'right' });
  doc.y = y + 30;
}

function footer(doc: Doc, text: string): void {
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  doc.text(text, PAGE.margin, Math.max(doc.y + 20, PAGE.height - PAGE.margin - 30), { width: WIDTH, align: 'center' });
}

const itemName = (line: InvoiceModel['lines'][number]) => (line.variant ? `${line.name} (${line.variant})` : line.name);

/** The invoice as a PDF stream (the document is laid out now; its bytes flow as they are read). */
export function invoicePdf(model: InvoiceModel): Readable {
  const money = (amount: string) => formatMoney(amount, model.currency, 'en-US');
  const doc = newDocument(`Invoice ${model.invoiceNumber}`, model);
  header(doc, model, 'INVOICE', [
    ['Invoice number', model.invoiceNumber],
    ['Invoice date', dayOf(model.invoiceDate)],
    ['Order number', model.orderNumber],
    ['Order date', dayOf(model.orderDate)],
  ]);
  addresses(doc, [
    ['Bill to', [...model.billingAddress, model.email]],
    ['Ship to', model.deliveryAddress],
  ]);
  table(
    doc,
    [
      { label: 'Item', width: WIDTH - 300, align: 'left' },
      { label: 'Qty', width: 45, align: 'right' },
      { label: 'Unit price', width: 85, align: 'right' },
      { label: 'Tax', width: 75, align: 'right' },
      { label: 'Amount', width: 95, align: 'right' },
    ],
    model.lines.map((line) => ({
      cells: [itemName(line), String(line.quantity), money(line.unitPrice), money(line.tax), money(line.total)],
      detail: line.sku ? `SKU ${line.sku}` : undefined,
    })),
  );
  totals(
    doc,
    [
      ['Subtotal', money(model.subtotal)],
      ...(model.discount ? [[`Discount (${model.discount.code})`, `−${money(model.discount.amount)}`] as [string, string]] : []),
      ...(model.shipping ? [[`Shipping (${model.shipping.method})`, money(model.shipping.amount)] as [string, string]] : []),
      ['Tax', money(model.tax)],
    ],
    ['Total paid', money(model.total)],
  );
  if (model.refunds?.length) {
    doc.font('bold').fontSize(11).fillColor(INK).text('Refunds', PAGE.margin, doc.y);
    doc.moveDown(0.4);
    table(
      doc,
      [
        { label: 'Date', width: 120, align: 'left' },
        { label: 'Items', width: WIDTH - 220, align: 'left' },
        { label: 'Amount', width: 100, align: 'right' },
      ],
      model.refunds.map((refund) => ({
        cells: [
          dayOf(refund.createdAt),
          refund.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ') || '—',
          `−${money(refund.amount)}`,
        ],
      })),
    );
  }
  footer(doc, `Thank you for your order. Amounts in ${model.currency}. ${model.shop.name}`);
  doc.end();
  return doc;
}

/** The packing slip: what goes in the parcel and where it goes, no prices. */
export function packingSlipPdf(model: InvoiceModel): Readable {
  const doc = newDocument(`Packing slip ${model.orderNumber}`, model);
  header(doc, model, 'PACKING SLIP', [
    ['Order number', model.orderNumber],
    ['Order date', dayOf(model.orderDate)],
    ['Invoice number', model.invoiceNumber],
  ]);
  addresses(doc, [
    ['Ship to', model.deliveryAddress],
    ['Bill to', model.billingAddress],
  ]);
  table(
    doc,
    [
      { label: 'Item', width: WIDTH - 220, align: 'left' },
      { label: 'SKU', width: 130, align: 'left' },
      { label: 'Qty', width: 90, align: 'right' },
    ],
    model.lines.map((line) => ({ cells: [itemName(line), line.sku || '—', String(line.quantity)] })),
  );
  const count = model.lines.reduce((sum, line) => sum + line.quantity, 0);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(`${count} ${count === 1 ? 'item' : 'items'} in total`, PAGE.margin, doc.y, {
      width: WIDTH,
      align: 'right',
    });
  footer(doc, `Packed by ${model.shop.name}. Questions about this parcel? Quote order ${model.orderNumber}.`);
  doc.end();
  return doc;
}
