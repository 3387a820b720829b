import { OptionalText } from '../validation/rules';

/** The query parameters of ra-data-simple-rest: sort=["field","ASC"], range=[0,24], filter={"q":"..."}. */
export class ListQueryDto {
  /** JSON array: ["field","ASC"|"DESC"]. */
  @OptionalText(200)
  sort?: string;
  /** JSON array [start, end], both inclusive. Without it the whole list is returned. */
  @OptionalText(100)
  range?: string;
  /** JSON object of filters, e.g. {"q":"ana"}. */
  @OptionalText(2000)
  filter?: string;
}
