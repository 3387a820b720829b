/** An address (`scheme://...` or a root-relative path) and its query: `?` and what follows up to a blank or a quote. */
const URL_QUERY = /(\b[a-z][a-z\d+.-]*:\/\/[^\s?]*|\/[^\s?]*)\?[^\s'"]+/gi;

/**
 * `text` with the query of every URL in it replaced by `?…`. A query may be a signature (a presigned GET of a
 * patient's video, the local driver's signed links) and a command's error quotes its input URL: what is logged
 * or kept of such an error goes through here.
 */
export const withoutUrlQueries = (text: string): string => text.replace(URL_QUERY, '$1?…');
