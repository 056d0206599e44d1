/**
 * A language tag as the naming preference takes it (settings, the CLI's --languages): empty for a
 * literal without a tag, or a BCP 47-like tag such as `en` or `pt-BR`.
 */
export const LANGUAGE_TAG = /^(?:[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)?$/;
