/**
 * The site each simulated run would publish, byte for byte, and what each host's upload model
 * sends of it. The API comes from the run's own render (update renders it to record the content
 * times: the same files build writes). A response whose content time entry (fingerprint and time)
 * is unchanged is byte-identical to its previous serialization, so only changed responses are
 * serialized again; the other files (feeds, badges, schemas) are serialized every run.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ContentState } from '../publish/content-times.js';
import { isRenderedText, type RenderedFile } from '../render/rendered.js';
import { withoutBidiControls } from '../text/bidi.js';

interface SiteFile {
  text: string | Buffer;
  bytes: number;
  sha: string;
  /** The content time entry it was serialized for (responses only). */
  key: string | null;
  /** Rendered by a run (not one of the fixed files, such as the client in api/v1/). */
  rendered: boolean;
}

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export class SimulatedSite {
  readonly files = new Map<string, SiteFile>();
  /** Files serialized so far (the unchanged ones are not). */
  serialized = 0;

  /** Files outside the API that every build writes the same (the website, the client). */
  constructor(fixed: ReadonlyMap<string, string | Buffer>) {
    for (const [path, text] of fixed) this.files.set(path, { text, bytes: Buffer.byteLength(text), sha: sha(text), key: null, rendered: false });
  }

  /** The site after a run; returns the paths whose bytes changed. */
  update(rendered: readonly RenderedFile[], content: ContentState): string[] {
    const changed: string[] = [];
    const seen = new Set<string>();
    for (const file of rendered) {
      seen.add(file.path);
      const entry = content.files[file.path];
      const key = entry === undefined ? null : `${entry.content} ${entry.updated_at}`;
      const before = this.files.get(file.path);
      if (key !== null && before?.key === key) continue;
      const text = withoutBidiControls(isRenderedText(file) ? file.text : JSON.stringify(file.body));
      this.serialized += 1;
      const next = { text, bytes: Buffer.byteLength(text), sha: sha(text), key, rendered: true };
      if (before?.sha !== next.sha) changed.push(file.path);
      this.files.set(file.path, next);
    }
    // A response the run no longer renders is gone (the fixed files stay: the build adds them).
    for (const [path, file] of [...this.files]) {
      if (file.rendered && !seen.has(path)) {
        this.files.delete(path);
        changed.push(path);
      }
    }
    return changed;
  }

  get bytes(): number {
    let total = 0;
    for (const file of this.files.values()) total += file.bytes;
    return total;
  }

  /** The whole site as a compressed tar, the way a GitHub Pages artifact is uploaded: its size. */
  artifactBytes(): number {
    const blocks: Buffer[] = [];
    for (const path of [...this.files.keys()].sort()) {
      const file = this.files.get(path)!;
      const data = Buffer.isBuffer(file.text) ? file.text : Buffer.from(file.text);
      blocks.push(tarHeader(path, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
    blocks.push(Buffer.alloc(1024));
    return gzipSync(Buffer.concat(blocks), { level: 6 }).length;
  }
}

/** A ustar header (name split into prefix and name where needed): what `tar` writes per file. */
function tarHeader(path: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  const cut = path.length > 100 ? path.lastIndexOf('/', 155) : -1;
  header.write(cut === -1 ? path : path.slice(cut + 1), 0, 100);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  if (cut !== -1) header.write(path.slice(0, cut), 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/**
 * A host that stores uploads by content hash (Netlify by each file's digest, Cloudflare by each
 * asset's hash with its extension): a deploy uploads only files it has never been sent before.
 */
export class ContentAddressedHost {
  private readonly stored = new Set<string>();

  constructor(private readonly withExtension: boolean) {}

  /** What deploying `site` uploads now: files and bytes. */
  deploy(site: SimulatedSite): { files: number; bytes: number } {
    let files = 0;
    let bytes = 0;
    for (const [path, file] of site.files) {
      const key = this.withExtension ? `${file.sha}${path.slice(path.lastIndexOf('.'))}` : file.sha;
      if (this.stored.has(key)) continue;
      this.stored.add(key);
      files += 1;
      bytes += file.bytes;
    }
    return { files, bytes };
  }
}
