/**
 * Who may publish (docs/cms.md, "Publishing now"): an editor, proven as the
 * CMS's own backend proves one. With the GitHub backend, the editor's browser
 * holds the GitHub token it logged in with; the function asks GitHub whether
 * that token may push to the repository the CMS commits to. With the local
 * backend of `npm run cms`, whoever reaches this machine's decap-server edits,
 * so a function running locally takes them at their word, and one running
 * anywhere else refuses them.
 */
const githubApiOrigin = "https://api.github.com";

/** The CMS's backend, as the build wrote it beside the function from /admin/config.yml's settings (plugins/gatsby-plugin-cms). */
export type CmsBackend = { name: "github"; repo: string | null } | { name: "local" };

/** Who the local backend's editor is, in the log and in a deploy's message. */
export const localEditor = "local";

type EditorProof = { editor: string } | { refused: "no-token" | "not-an-editor" | "unconfigured" | "github-unreachable" };

/** GitHub's tokens are letters, digits and underscores: anything else is not sent on. */
const bearer = /^(?:token|Bearer) ([A-Za-z0-9_]{20,255})$/;

export async function proveEditor(
  authorization: string | null,
  backend: CmsBackend,
  { local, githubApi = githubApiOrigin }: { local: boolean; githubApi?: string },
): Promise<EditorProof> {
  if (backend.name === "local") return local ? { editor: localEditor } : { refused: "unconfigured" };
  if (!backend.repo) return { refused: "unconfigured" };
  const token = bearer.exec(authorization ?? "")?.[1];
  if (!token) return { refused: "no-token" };
  const headers = { authorization: `Bearer ${token}`, accept: "application/vnd.github+json", "user-agent": "content-publishing" };
  try {
    const ask = (path: string) => fetch(new URL(path, githubApi), { headers, signal: AbortSignal.timeout(10_000), redirect: "error" });
    const [repository, user] = await Promise.all([ask(`/repos/${backend.repo}`), ask("/user")]);
    if ([401, 403, 404].includes(repository.status)) return { refused: "not-an-editor" };
    if (!repository.ok || !user.ok) return { refused: "github-unreachable" };
    const { permissions } = (await repository.json()) as { permissions?: { push?: boolean } };
    const { login } = (await user.json()) as { login?: string };
    return permissions?.push === true && login ? { editor: login } : { refused: "not-an-editor" };
  } catch {
    return { refused: "github-unreachable" };
  }
}
