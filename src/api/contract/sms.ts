/**
 * SMS platforms as the SMS platform page saves them.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */

export interface SmsPlatformInput {
  id?: number;
  type: 'http';
  name: string;
  endpoint: string;
  accessKey: string;
  /** a new secret; empty keeps the stored one */
  secret: string;
  signName: string;
  templates: Record<string, string>;
  active: boolean;
}
