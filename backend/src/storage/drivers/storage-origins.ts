import type { AppConfig } from '../../config/app-config';

/** Origins browsers reach the store at (for the CSP): the public endpoint, else the endpoint, else AWS. */
export function storageOrigins(config: AppConfig): string[] {
  if (!config.s3) return [];
  const endpoint = config.s3.publicEndpoint ?? config.s3.endpoint;
  return endpoint ? [new URL(endpoint).origin] : ['https://*.amazonaws.com'];
}
