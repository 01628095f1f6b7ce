/**
 * The API reference as the integrators' page draws it (issue 64): lib/server/developers reads the OpenAPI document
 * into this shape on the server, and components/developers/api-reference.tsx draws it.
 */

/** A type as a reader writes it: `CompanyWrite[]`, `string | null`, `"active" | "inactive"`; `ref` links a schema. */
export interface TypeView {
  text: string;
  ref: string | null;
}
export interface FieldView {
  name: string;
  type: TypeView;
  required: boolean;
  description: string;
  /** maxLength 100, minimum 1, …: the limits the service checks. */
  limits: string[];
}
export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: (FieldView & { in: string })[];
  body: TypeView | null;
  answers: { status: string; description: string; type: TypeView | null }[];
}
export interface ReferenceView {
  title: string;
  version: string;
  description: string;
  tags: { name: string; description: string; operations: OperationView[] }[];
  schemas: { name: string; description: string; fields: FieldView[] }[];
}
