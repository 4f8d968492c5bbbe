import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Locale } from '../../lib/locale';
import { receiptView, type ReceiptField } from '../../lib/receipt-view';
import type { Receipt } from '../../shared/receipts';
import { isolateLtr, visualPieces } from './bidi-line';

/**
 * A receipt as an A4 PDF, made on the server without a browser (decision record 0042): pdfkit embeds
 * Vazirmatn (OFL, the site's own font, which has Persian and Latin) and shapes Persian through
 * fontkit; bidi-line.ts orders mixed Persian, Latin and digit runs. Same texts as the page
 * (lib/receipt-view.ts). Persian pages are laid out right to left: "start" is the right edge there.
 */

const require = createRequire(import.meta.url);
const fonts = {
  regular: require.resolve('vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf'),
  bold: require.resolve('vazirmatn/fonts/ttf/Vazirmatn-Bold.ttf'),
};

const PAGE = { width: 595.28, height: 841.89, margin: 42 };
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#bbbbbb';

type Doc = InstanceType<typeof PDFDocument>;
type Align = 'start' | 'end';

/** Writes in one direction on one page after another, top to bottom, from `y`. */
class Writer {
  y = PAGE.margin;
  readonly rtl: boolean;
  constructor(
    readonly doc: Doc,
    locale: Locale,
  ) {
    this.rtl = locale === 'fa';
  }

  get left() {
    return PAGE.margin;
  }
  get right() {
    return PAGE.width - PAGE.margin;
  }

  /** A new page when `height` more does not fit. */
  room(height: number) {
    if (this.y + height > PAGE.height - PAGE.margin) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }

  /** Splits `text` into lines no wider than `width` at the current font and size. */
  wrap(text: string, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.doc.widthOfString(next) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines.length > 0 ? lines : [''];
  }

  /**
   * One line of text within [x, x + width] at `y`, aligned to the logical start or end (right or left
   * on a Persian receipt), its pieces drawn in reading order so that extracted text reads in order.
   */
  line(text: string, x: number, width: number, y: number, align: Align = 'start') {
    const pieces = visualPieces(text, this.rtl ? 'rtl' : 'ltr');
    const widths = pieces.map((piece) => this.doc.widthOfString(piece.feed));
    const total = widths.reduce((sum, w) => sum + w, 0);
    const toRight = (align === 'start') === this.rtl;
    let at = toRight ? x + width - total : x;
    const lefts = widths.map((w) => {
      const left = at;
      at += w;
      return left;
    });
    [...pieces.keys()]
      .filter((index) => !pieces[index]!.space)
      .sort((a, b) => pieces[a]!.start - pieces[b]!.start)
      .forEach((index) => this.doc.text(pieces[index]!.feed, lefts[index]!, y, { lineBreak: false }));
  }

  /** A paragraph across [x, x + width] (mirrored on a Persian receipt), wrapped; returns its height. */
  block(
    text: string,
    x: number,
    width: number,
    options: { size?: number; bold?: boolean; color?: string; align?: Align } = {},
  ) {
    const { size = 10, bold = false, color = INK, align = 'start' } = options;
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
    const lineHeight = size * 1.6;
    const lines = this.wrap(text, width);
    for (const [index, line] of lines.entries())
      this.line(line, this.mirror(x, width), width, this.y + index * lineHeight, align);
    return lines.length * lineHeight;
  }

  /** Logical x (from the start edge) to the page's x of the box's left edge. */
  mirror(x: number, width: number) {
    return this.rtl ? PAGE.width - x - width : x;
  }

  rule() {
    this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.6).strokeColor(RULE).stroke();
  }
}

function fieldText(field: ReceiptField): string {
  return `${field.label}: ${field.ltr ? isolateLtr(field.value) : field.value}`;
}

export async function receiptPdf(receipt: Receipt, locale: Locale): Promise<Buffer> {
  const view = receiptView(receipt, locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: locale === 'fa' ? 'fa-IR' : 'en',
    displayTitle: true,
    info: { Title: view.heading, Author: view.seller.name, Subject: view.heading },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const w = new Writer(doc, locale);
  const full = w.right - w.left;
  const half = full / 2 - 10;

  // The seller (start side) and the receipt's number and dates (end side).
  const top = w.y;
  w.y += w.block(view.sellerHeading, PAGE.margin, half, { size: 9, color: MUTED });
  w.y += w.block(view.seller.name, PAGE.margin, half, { size: 15, bold: true });
  for (const field of view.seller.fields)
    w.y += w.block(fieldText(field), PAGE.margin, half, { size: 9, color: MUTED });
  const sellerBottom = w.y;
  w.y = top;
  w.y += w.block(view.heading, PAGE.margin + half + 20, half, { size: 15, bold: true, align: 'end' });
  for (const field of view.facts)
    w.y += w.block(fieldText(field), PAGE.margin + half + 20, half, { size: 9, color: MUTED, align: 'end' });
  w.y = Math.max(w.y, sellerBottom) + 10;
  w.rule();
  w.y += 10;

  w.y += w.block(view.buyerHeading, PAGE.margin, full, { size: 11, bold: true });
  for (const field of view.buyer) w.y += w.block(fieldText(field), PAGE.margin, full, { size: 10 });
  w.y += 12;

  // The lines: item (wide), quantity, unit price, amount; columns from the start edge.
  const columns = [
    { key: 'item', x: 0, width: full * 0.46, align: 'start' as Align },
    { key: 'quantity', x: full * 0.46, width: full * 0.1, align: 'end' as Align },
    { key: 'unitPrice', x: full * 0.56, width: full * 0.22, align: 'end' as Align },
    { key: 'amount', x: full * 0.78, width: full * 0.22, align: 'end' as Align },
  ] as const;
  const cell = (text: string, column: (typeof columns)[number], y: number, bold = false, color = INK) => {
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(bold ? 9.5 : 10)
      .fillColor(color);
    const lines = column.key === 'item' ? w.wrap(text, column.width - 6) : [text];
    lines.forEach((line, index) =>
      w.line(
        line,
        w.mirror(PAGE.margin + column.x, column.width),
        column.width,
        y + index * 16,
        column.align,
      ),
    );
    return lines.length * 16;
  };
  w.room(40);
  const head = {
    item: view.columns.item,
    quantity: view.columns.quantity,
    unitPrice: view.columns.unitPrice,
    amount: view.columns.amount,
  };
  for (const column of columns) cell(head[column.key], column, w.y, true, MUTED);
  w.y += 18;
  w.rule();
  w.y += 6;
  for (const line of view.lines) {
    doc.font('regular').fontSize(10);
    const titleLines = w.wrap(line.title, columns[0].width - 6).length;
    const detailLines = line.detail ? w.wrap(line.detail, columns[0].width - 6).length : 0;
    w.room((titleLines + detailLines) * 16 + 8);
    const height = cell(line.title, columns[0], w.y);
    cell(line.quantity, columns[1], w.y);
    cell(line.unitPrice, columns[2], w.y);
    cell(line.amount, columns[3], w.y);
    w.y += height;
    if (line.detail) w.y += cell(line.detail, columns[0], w.y, false, MUTED);
    w.y += 6;
  }
  w.rule();
  w.y += 8;

  // The totals, under the amounts (end side).
  const totalsX = PAGE.margin + full * 0.5;
  const totalsWidth = full * 0.5;
  for (const total of view.totals) {
    w.room(20);
    const bold = total.key === view.grandTotal;
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(bold ? 11.5 : 10)
      .fillColor(INK);
    w.line(total.label, w.mirror(totalsX, totalsWidth * 0.56), totalsWidth * 0.56, w.y, 'start');
    w.line(
      total.value,
      w.mirror(totalsX + totalsWidth * 0.56, totalsWidth * 0.44),
      totalsWidth * 0.44,
      w.y,
      'end',
    );
    w.y += bold ? 20 : 17;
  }
  w.y += 10;
  for (const field of view.payment) {
    w.room(16);
    w.y += w.block(fieldText(field), PAGE.margin, full, { size: 9, color: MUTED });
  }
  w.y += 4;
  w.room(16);
  w.block(view.timeZone, PAGE.margin, full, { size: 8.5, color: MUTED });
  doc.end();
  return done;
}
