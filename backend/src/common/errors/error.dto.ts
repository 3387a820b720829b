/** Every error answer: `{ "detail": "..." }` (validation errors also list each message in `errors`). */
export class ErrorDto {
  /** Human-readable reason, in Spanish. */
  detail: string;
  /** Each validation message, when there were several. */
  errors?: string[];
}
