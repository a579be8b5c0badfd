/**
 * package.json and server.json (the MCP Registry's entry) agree, and the release check refuses
 * every disagreement, a tag that is not the version, and another repository's names.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MCP_URL } from '../../../generator/config.js';
import { readReleaseFiles, releaseProblems, repositoryUrl } from './release-check.js';

const { manifest, server } = await readReleaseFiles();
const repository = repositoryUrl(manifest.repository!.url!).replace('https://github.com/', '');

describe('the release files', () => {
  it('agree: one name, one version, the npm package over stdio, the repository, and the remote endpoint', () => {
    expect(releaseProblems(manifest, server)).toEqual([]);
    expect(server.name).toBe(manifest.mcpName);
    expect(server.packages).toEqual([expect.objectContaining({ registryType: 'npm', identifier: manifest.name, version: manifest.version, transport: { type: 'stdio' } })]);
    expect(server.remotes).toEqual([{ type: 'streamable-http', url: DEFAULT_MCP_URL }]);
    expect(server.$schema).toMatch(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/);
  });

  it('pass on the version tag in their own repository, and refuse another tag or another repository', () => {
    expect(releaseProblems(manifest, server, { tag: `v${manifest.version}`, repository })).toEqual([]);
    expect(releaseProblems(manifest, server, { tag: 'v9.9.9', repository })).toEqual([expect.stringContaining(`the tag v9.9.9 is not v${manifest.version}`)]);
    expect(releaseProblems(manifest, server, { tag: manifest.version, repository })).toEqual([expect.stringContaining('is not v')]);
    expect(releaseProblems(manifest, server, { tag: `v${manifest.version}`, repository: 'someone/fork' })).toEqual([expect.stringContaining('but this is someone/fork: a fork publishes under its own names')]);
  });

  it('refuse every disagreement between the two files', () => {
    const cases: Array<[string, typeof manifest, typeof server, RegExp]> = [
      ['server version', manifest, { ...server, version: '0.0.9' }, /server.json version 0.0.9/],
      ['package version in server.json', manifest, { ...server, packages: [{ ...server.packages![0]!, version: '0.0.9' }] }, /packages\[0\].version 0.0.9/],
      ['npm name', manifest, { ...server, packages: [{ ...server.packages![0]!, identifier: 'modelpulse-x' }] }, /identifier must be the npm package/],
      ['stdio', manifest, { ...server, packages: [{ ...server.packages![0]!, transport: { type: 'sse' } }] }, /over stdio/],
      ['mcpName', { ...manifest, mcpName: 'io.github.other/modelpulse' }, server, /mcpName/],
      ['namespace', { ...manifest, mcpName: 'io.github.other/modelpulse' }, { ...server, name: 'io.github.other/modelpulse' }, /owner's namespace/],
      ['remote', manifest, { ...server, remotes: [{ type: 'streamable-http', url: 'https://elsewhere.example/mcp' }] }, /remotes must be/],
      ['repository', { ...manifest, repository: { ...manifest.repository, url: 'git+https://github.com/other/modelpulse.git' } }, server, /repository must be/],
      ['homepage', { ...manifest, homepage: 'https://elsewhere.example' }, server, /websiteUrl/],
      ['description', manifest, { ...server, description: 'x'.repeat(101) }, /1 to 100 characters/],
    ];
    for (const [what, m, s, problem] of cases) expect(releaseProblems(m, s).join('\n'), what).toMatch(problem);
  });
});
