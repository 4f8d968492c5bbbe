/**
 * The public module of finance/ (issue 27): the finance console's reports and their files. What
 * other rooms and the API may import (decision record 0038).
 */
export { reportFile, type ReportFile } from './export';
export { financeReport } from './reports';
