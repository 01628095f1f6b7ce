export * from './rules';
export * from './api-types';
export { gs1CheckDigit, gs1CheckDigitValid, isGs1Shaped, GS1_LENGTHS } from './gs1';
export { FULL_WIDTH_PATTERN, SPACING_PATTERN, hasBadSpacing, hasFullWidth } from './text';
export { ACCEPT_REASON_MAX } from './limits';
export { SKU_ROW_RULES, type RowRule, type RowValue } from './row-rules';
