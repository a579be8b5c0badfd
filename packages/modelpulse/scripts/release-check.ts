/**
 * Whether the package may be released as it is: package.json and server.json (the MCP Registry's
 * entry) agree on the name, the version, the repository and the remote endpoint, and, in the
 * release workflow, the tag is `v<version>` and the repository is the one the workflow runs in
 * (npm's provenance and the registry's GitHub namespace both require it). Prints every problem
 * and exits 1, or says what will be published.
 *
 *   tsx packages/modelpulse/scripts/release-check.ts [--tag v0.1.0] [--repository owner/name]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_MCP_URL } from '../../../generator/config.js';

export interface Manifest {
  name: string;
  version: string;
  homepage?: string;
  mcpName?: string;
  repository?: { type?: string; url?: string; directory?: string };
  bugs?: { url?: string };
}

export interface ServerEntry {
  $schema?: string;
  name: string;
  description: string;
  version: string;
  websiteUrl?: string;
  repository?: { url: string; source: string; subfolder?: string };
  packages?: Array<{ registryType: string; registryBaseUrl?: string; identifier: string; version: string; transport: { type: string }; packageArguments?: Array<{ type: string; value?: string }> }>;
  remotes?: Array<{ type: string; url: string }>;
}

export interface ReleaseContext {
  /** The pushed tag (GITHUB_REF_NAME). */
  tag?: string;
  /** owner/name of the repository the workflow runs in (GITHUB_REPOSITORY). */
  repository?: string;
}

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The registry's name form: reverse DNS, one slash. */
const SERVER_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/** `git+https://github.com/o/r.git` → `https://github.com/o/r`. */
export const repositoryUrl = (url: string) => url.replace(/^git\+/, '').replace(/\.git$/, '');

/** Every reason the package cannot be released as it is; none when it can. */
export function releaseProblems(manifest: Manifest, server: ServerEntry, context: ReleaseContext = {}): string[] {
  const problems: string[] = [];
  const expect = (ok: boolean, problem: string) => void (ok || problems.push(problem));
  const repo = repositoryUrl(manifest.repository?.url ?? '');
  const owner = /^https:\/\/github\.com\/([^/]+)\/[^/]+$/.exec(repo)?.[1];
  expect(owner !== undefined, `package.json repository.url must be a GitHub repository (git+https://github.com/<owner>/<name>.git), not ${JSON.stringify(manifest.repository?.url)}`);
  expect(manifest.mcpName === server.name, `package.json mcpName (${manifest.mcpName}) must be server.json's name (${server.name})`);
  expect(SERVER_NAME.test(server.name), `server.json name ${JSON.stringify(server.name)} is not of the registry's form io.github.<owner>/<name>`);
  if (owner !== undefined) expect(server.name.toLowerCase().startsWith(`io.github.${owner.toLowerCase()}/`), `server.json name ${server.name} must be in the repository owner's namespace, io.github.${owner}/…`);
  expect(server.description.length >= 1 && server.description.length <= 100, `server.json description must be 1 to 100 characters (it has ${server.description.length})`);
  expect(server.version === manifest.version, `server.json version ${server.version} is not package.json's ${manifest.version}`);
  expect(server.repository?.url === repo && server.repository.source === 'github', `server.json repository must be { url: ${repo}, source: github }`);
  expect(server.repository?.subfolder === manifest.repository?.directory, `server.json repository.subfolder must be package.json's repository.directory (${manifest.repository?.directory})`);
  expect(server.websiteUrl === manifest.homepage, `server.json websiteUrl must be package.json's homepage (${manifest.homepage})`);
  expect(manifest.bugs?.url === `${repo}/issues`, `package.json bugs.url must be ${repo}/issues`);
  const npm = server.packages ?? [];
  expect(npm.length === 1, 'server.json must list exactly one package: the npm package');
  for (const entry of npm) {
    expect(entry.registryType === 'npm' && entry.registryBaseUrl === 'https://registry.npmjs.org', 'server.json packages[0] must be on npm (registryBaseUrl https://registry.npmjs.org)');
    expect(entry.identifier === manifest.name, `server.json packages[0].identifier must be the npm package ${manifest.name}`);
    expect(entry.version === manifest.version, `server.json packages[0].version ${entry.version} is not package.json's ${manifest.version}`);
    expect(entry.transport.type === 'stdio', 'server.json packages[0] runs over stdio');
    expect(entry.packageArguments?.[0]?.value === 'mcp', 'server.json packages[0] must start the MCP server: packageArguments [{ type: positional, value: mcp }]');
  }
  const remotes = server.remotes ?? [];
  expect(remotes.length === 1 && remotes[0]!.type === 'streamable-http' && remotes[0]!.url === DEFAULT_MCP_URL, `server.json remotes must be the one streamable-http endpoint ${DEFAULT_MCP_URL} (generator/config.ts)`);
  if (context.tag !== undefined) expect(context.tag === `v${manifest.version}`, `the tag ${context.tag} is not v${manifest.version}, the version in package.json: bump the version (and server.json's) or tag v${manifest.version}`);
  if (context.repository !== undefined) {
    expect(repo.toLowerCase() === `https://github.com/${context.repository}`.toLowerCase(), `package.json repository.url names ${repo}, but this is ${context.repository}: a fork publishes under its own names (docs/hosting.md, "Publishing the package")`);
  }
  return problems;
}

export async function readReleaseFiles(dir = PACKAGE_DIR): Promise<{ manifest: Manifest; server: ServerEntry }> {
  const read = async (name: string) => JSON.parse(await readFile(join(dir, name), 'utf8')) as unknown;
  return { manifest: (await read('package.json')) as Manifest, server: (await read('server.json')) as ServerEntry };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { tag: { type: 'string' }, repository: { type: 'string' } } });
  const { manifest, server } = await readReleaseFiles();
  const problems = releaseProblems(manifest, server, values);
  for (const problem of problems) console.error(`::error title=Release check::${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`release ${manifest.name}@${manifest.version} as ${server.name}`);
}
