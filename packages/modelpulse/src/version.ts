/**
 * The package's version, read from its package.json (bundled into the CLI and the Worker): what
 * `modelpulse --version` prints and what the MCP servers say in `initialize`, from the sources too.
 */
import manifest from '../package.json' with { type: 'json' };

export const PACKAGE_VERSION: string = manifest.version;
