export { FormProblems } from './FormProblems';
export {
  FIELD_ATTRIBUTE,
  problemSummary,
  serverFieldErrors,
  useFieldErrors,
  type FieldErrors,
  type FieldErrorsApi,
} from './useFieldErrors';
