/**
 * The bodies of the console's /api/imports endpoints and the upload's parts live in the contract
 * (lib/contract/console/import-files.ts), shared by the browser that sends them and the route wrapper that
 * checks them; re-exported here for the import rules' readers.
 */
export {
  CHUNK_SIZE,
  createImportBody,
  FIRST_PART_ROWS,
  resendBody,
  rowIssue,
  saveMappingBody,
  UPLOAD_PART_ROWS,
  uploadParts,
  uploadRowsBody,
  type CreateImportBody,
  type ImportOrigin,
  type ResendBody,
  type UploadRowsBody,
} from '@/lib/contract/console/import-files';
