export * from './dataset';
export {
  generateDataset,
  resolveRoot,
  type GenerateOptions,
  type GeneratedDataset,
  type GenerateStats,
} from './generate-dataset';
export { GenContext, type SourceAxiom } from './gen-context';
export { OPTION_COUNT, entailsFor, substitute } from './mcq-generator';
export {
  answerSet,
  branchMembers,
  ConditionPool,
  conditionSubsumes,
  mutuallyNonSubsuming,
  DEFAULT_CONDITION_COUNTS,
} from './oq-generator';
