// Public surface of the resource framework.
export * from './attributes.js';
export * from './define.js';
export * from './modifiers.js';
export { PrivateState } from './private-state.js';
export { providerSchemaDocument, renderSchemaDocument } from './json-schema.js';
export { renderProviderDocs, renderResourceDoc } from './docs.js';
export {
  Diagnostics,
  DiagnosticError,
  errorDiag,
  warningDiag,
  type Diagnostic,
  type AttributePath,
} from '../diagnostics.js';
export { unknown, isUnknown, Decimal, type Unknown, type CtyNumber } from '../cty/values.js';
