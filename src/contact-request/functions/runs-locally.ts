/**
 * The function runs on this machine, under `netlify serve` (its functions get
 * NETLIFY_LOCAL) or `netlify dev`. A module of its own: a function that needs
 * only this does not load the contact setup's (about 45 ms of a cold start).
 */
export const runsLocally = (env: { NETLIFY_LOCAL?: string }, deployContext?: string) => env.NETLIFY_LOCAL === "true" || deployContext === "dev";
