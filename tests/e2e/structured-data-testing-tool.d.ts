/** The parts of structured-data-testing-tool (a CommonJS package without types) that structured-data.spec.ts uses. */
declare module "structured-data-testing-tool" {
  export function structuredDataTest(input: Buffer | string, options?: { presets?: unknown[]; schemas?: string[] }): Promise<unknown>;
}

declare module "structured-data-testing-tool/presets" {
  export const Google: unknown;
  export const SocialMedia: unknown;
}
