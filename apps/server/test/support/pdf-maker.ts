/**
 * A small valid PDF with one line of Helvetica text per line of each page (and an optional title in
 * its metadata), written byte by byte with its cross-reference table, for tests of document uploads.
 */
export function makePdf(pages: string[], title?: string): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add(''); // 1: catalog, written once the pages are known
  add(''); // 2: page tree
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const escape = (text: string) => text.replace(/[()\\]/g, (ch) => `\\${ch}`);
  const kids: number[] = [];
  for (const page of pages) {
    const stream = page
      .split('\n')
      .map((line, index) => `BT /F1 12 Tf 72 ${720 - index * 16} Td (${escape(line)}) Tj ET`)
      .join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  const info = title === undefined ? 0 : add(`<< /Title (${escape(title)}) >>`);
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${info ? ` /Info ${info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
