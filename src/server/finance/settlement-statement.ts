import { toLatinDigits } from '../../lib/format';
import type { GatewayType } from '../../shared/commerce-constants';
import type { Message, MessageKey } from '../../shared/messages';
import {
  MAX_STATEMENT_LINES,
  statementFormats,
  statementHeader,
  statementStatuses,
  type StatementStatus,
} from '../../shared/settlement';
import type { SettlementLineRecord } from '../db/schema';
import { DomainError } from '../errors';

/**
 * An uploaded settlement statement (decision record 0043): a CSV file (RFC 4180: commas, fields in
 * double quotes may hold commas, quotes doubled; UTF-8, a BOM is skipped, Persian digits are read as
 * digits) whose first line names its gateway's columns (src/shared/settlement.ts, in any order; more
 * columns are ignored). Every line is checked before anything is compared: a file with faults is
 * refused whole, with a message per fault naming its line and column (the first 20).
 */

/** Reported at most: a wrong file says the same on every line. */
const MAX_FAULTS = 20;

/** Splits CSV text into rows of fields, keeping each row's line number (1-based, the header is 1). */
function csvRows(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      rows.push({ line: rowLine, fields });
      fields = [];
      field = '';
      line++;
      rowLine = line;
    } else field += char;
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    rows.push({ line: rowLine, fields });
  }
  // Blank lines (a trailing newline, spreadsheet padding) are not statement lines.
  return rows.filter((row) => row.fields.some((value) => value.trim() !== ''));
}

const DATE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** An amount in the currency's minor unit, or null when the text is none. */
function amountOf(text: string, unit: 'rial' | 'decimal'): number | null {
  const plain = text.replace(/[,\u066c\u060c]/g, '');
  if (unit === 'rial') {
    if (!/^\d+$/.test(plain)) return null;
    const value = Number(plain);
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  }
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** One fault, as a message naming the line and the column. */
const fault = (key: MessageKey, params: Record<string, number | string>): Message => ({ key, params });

/** The statement's lines, or a 422 naming every faulty line and column (up to 20). */
export function readStatement(gateway: GatewayType, text: string): SettlementLineRecord[] {
  const format = statementFormats[gateway];
  const refuse = (faults: Message[]): never => {
    throw new DomainError('validation', 'settlement_statement_invalid', { fields: { file: faults } });
  };
  if (text.includes('\u0000')) refuse([fault('settlement_csv_not_text', {})]);
  const rows = csvRows(toLatinDigits(text.replace(/^\uFEFF/, '')));
  const [header, ...body] = rows;
  if (!header || body.length === 0) return refuse([fault('settlement_csv_empty', {})]);
  if (body.length > MAX_STATEMENT_LINES)
    refuse([fault('settlement_csv_too_long', { max: MAX_STATEMENT_LINES })]);

  const names = header.fields.map((name) => name.trim());
  const expected = statementHeader(gateway);
  const required = expected.filter((name) => name !== format.date);
  const missing = required.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    refuse(missing.map((field) => fault('settlement_csv_header', { field, columns: expected.join(', ') })));
  }
  const column = (name: string) => names.indexOf(name);

  const faults: Message[] = [];
  const lines: SettlementLineRecord[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of body) {
    if (faults.length >= MAX_FAULTS) break;
    if (fields.length !== names.length) {
      faults.push(fault('settlement_csv_fields', { line, found: fields.length, expected: names.length }));
      continue;
    }
    const value = (name: string) => (column(name) >= 0 ? fields[column(name)]!.trim() : '');
    const before = faults.length;
    for (const name of required) {
      if (value(name) === '') faults.push(fault('settlement_csv_required', { line, field: name }));
    }
    if (faults.length > before) continue;

    const reference = value(format.reference);
    const first = seen.get(reference);
    if (first !== undefined) {
      faults.push(
        fault('settlement_csv_duplicate', { line, field: format.reference, value: reference, first }),
      );
    }
    seen.set(reference, first ?? line);
    const amount = amountOf(value(format.amount), format.amountUnit);
    if (amount === null) {
      faults.push(
        fault('settlement_csv_amount', { line, field: format.amount, value: value(format.amount) }),
      );
    }
    const status = value(format.status).toLowerCase();
    if (!statementStatuses.includes(status as StatementStatus)) {
      faults.push(
        fault('settlement_csv_status', { line, field: format.status, value: value(format.status) }),
      );
    }
    const currency = format.currency ? value(format.currency).toUpperCase() : 'IRR';
    if (currency !== 'IRR' && currency !== 'USD') {
      faults.push(
        fault('settlement_csv_currency', {
          line,
          field: format.currency ?? '',
          value: value(format.currency ?? ''),
        }),
      );
    }
    const date = value(format.date);
    if (date !== '' && (!DATE.test(date) || Number.isNaN(Date.parse(date.replace(' ', 'T'))))) {
      faults.push(fault('settlement_csv_date', { line, field: format.date, value: date }));
    }
    if (faults.length > before) continue;
    lines.push({
      line,
      reference,
      order: value(format.order),
      currency,
      amount,
      status: status as StatementStatus,
    });
  }
  if (faults.length > 0) refuse(faults.slice(0, MAX_FAULTS));
  return lines;
}
