/** SQL that writes a timestamptz column as the API's ISO 8601 UTC text (2026-11-23T16:03:57.000Z), or null. */
export const isoTimestamp = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
