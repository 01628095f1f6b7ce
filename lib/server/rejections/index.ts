import 'server-only';

// The public face of lib/server/rejections: other folders import from here, not from its files. The rows an ERP
// sync could not apply, as the relay (lib/server/relay) or an uploaded log recorded them: the steward's reads,
// grouped by cause, the home card's count, closing when the console applies the record, dismissal, the report.
export {
  closeRejectionsApplied,
  dismissRejections,
  CLOSE_OPERATION,
  DISMISS_OPERATION,
  type AppliedRecord,
  type Closer,
} from './close';
export { listRejections, openCount, openTotal, rejectionItems, TREND_DAYS, type StoredRejection } from './reads';
export { rejectionsReport, REPORT_COLUMNS, type ReportColumn, type ReportWords } from './report';
export { reportWords } from './report-words';
export { recordUploadedLog } from './upload';
