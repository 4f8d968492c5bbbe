import { z } from '@hono/zod-openapi';
import {
  exportQuerySchema,
  financeQuerySchema,
  financeReportSchema,
  reportParamSchema,
} from '../../../shared/finance';
import { financeReport, reportFile } from '../../finance';
import { errorResponses, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

/** Money figures are finance's (and admin's, who passes everywhere), as on the dashboard. */
const roles = ['finance'] as const;

const reportRoute = staffRoute({
  roles,
  method: 'get',
  path: '/finance/reports/{report}',
  summary:
    'A finance report of a month (Solar Hijri or Gregorian), read from the books: revenue, VAT, refunds, liabilities or discounts',
  request: { params: reportParamSchema, query: financeQuerySchema },
  responses: { 200: jsonContent(financeReportSchema, 'The report'), ...errorResponses(401, 403, 422) },
});

const exportRoute = staffRoute({
  roles,
  method: 'get',
  path: '/finance/reports/{report}/export',
  summary: 'The same report as a file: CSV (UTF-8 with a byte order mark) or an Excel workbook (.xlsx)',
  request: { params: reportParamSchema, query: exportQuerySchema },
  responses: {
    200: {
      description: 'The file, as an attachment',
      content: {
        'text/csv': { schema: z.string() },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
          schema: z.string().meta({ format: 'binary' }),
        },
      },
    },
    ...errorResponses(401, 403, 422),
  },
});

const router = createRouter();
router.openapi(reportRoute, async (c) => {
  const { report } = c.req.valid('param');
  return c.json(
    await financeReport(c.var.ctx.database.db, report, c.req.valid('query'), c.var.ctx.clock.now()),
    200,
  );
});
router.openapi(exportRoute, async (c) => {
  const { report } = c.req.valid('param');
  const { format, ...query } = c.req.valid('query');
  const data = await financeReport(c.var.ctx.database.db, report, query, c.var.ctx.clock.now());
  const file = await reportFile(data, format, c.var.locale);
  return c.body(file.body, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Cache-Control': 'no-store',
  });
});

/** /api/v1/staff/finance: the finance console's reports and their files (finance). */
export const staffFinanceRoutes = router;
