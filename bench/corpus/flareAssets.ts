import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createSeededRandom, type SeededRandom } from './seededRandom';

/** How many asset files of each kind `writeFlareAssets` writes, and how big. */
export interface FlareAssetPlan {
  /** Skin scripts (text, 20-400 KB, compressible). */
  scripts: number;
  /** Skin icons (small PNG-like binaries, 1-6 KB). */
  icons: number;
  /** Screenshots and figures under Resources/Images (PNG-like binaries, 20-160 KB). */
  images: number;
  /** Videos and PDFs under Resources/Multimedia (binaries of several MB each). */
  largeBinaries: number;
}

/**
 * The asset mix of the real 1,605-file Flare site of issue 13 (121 MB) once about 700 topics are
 * added: mostly screenshots by count, a handful of videos that hold most of the bytes.
 */
export const FLARE_ASSET_PLAN: FlareAssetPlan = {
  scripts: 24,
  icons: 80,
  images: 790,
  largeBinaries: 6,
};

/** What `writeFlareAssets` wrote. */
export interface FlareAssetResult {
  /** Paths written, relative to the doc set folder. */
  files: string[];
  /** Their bytes. */
  bytes: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes that do not compress (image and video data is compressed already), deterministic. */
function noise(random: SeededRandom, size: number): Buffer {
  const words = new Uint32Array(Math.ceil(size / 4));
  let state = random.int(1, 0x7fffffff) >>> 0;
  for (let i = 0; i < words.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    words[i] = state >>> 0;
  }
  return Buffer.from(words.buffer, 0, size);
}

function binary(random: SeededRandom, header: Buffer, size: number): Buffer {
  return Buffer.concat([header, noise(random, Math.max(0, size - header.length))]);
}

const SCRIPT_VERBS = ['load', 'render', 'toggle', 'resolve', 'sync', 'parse', 'bind', 'measure'];
const SCRIPT_NOUNS = ['toc', 'topic', 'menu', 'search', 'glossary', 'popup', 'skin', 'index'];

/** A minified-looking skin script of about `size` bytes (text that compresses like real JS). */
function script(random: SeededRandom, size: number): string {
  const parts: string[] = ['(function(){"use strict";'];
  let length = parts[0]!.length;
  for (let n = 0; length < size; n++) {
    const name = `${random.pick(SCRIPT_VERBS)}${random.pick(SCRIPT_NOUNS)}${n}`;
    const body = `function ${name}(e,t){var n=e.querySelectorAll(".${random.pick(SCRIPT_NOUNS)}-${n % 17}");for(var i=0;i<n.length;i++){n[i].setAttribute("data-${random.pick(SCRIPT_NOUNS)}",t+${n});}return n.length>${random.int(1, 40)}?${name}(e.parentNode,t):t;}`;
    parts.push(body);
    length += body.length;
  }
  parts.push('})();\n');
  return parts.join('');
}

/**
 * Writes the non-topic files of a Flare-style site into `outDir`: skin scripts under
 * `Skins/Default/Scripts/`, icons under `Skins/Default/Images/`, screenshots under
 * `Resources/Images/Screens/`, and videos/PDFs under `Resources/Multimedia/`. Binary files are
 * random bytes behind a real file signature, so they do not compress, like real media.
 */
export async function writeFlareAssets(
  outDir: string,
  plan: FlareAssetPlan = FLARE_ASSET_PLAN,
  seed = 7,
): Promise<FlareAssetResult> {
  const random = createSeededRandom(seed);
  const files = new Map<string, Buffer | string>();
  for (let i = 0; i < plan.scripts; i++) {
    files.set(`Skins/Default/Scripts/MadCap${i}.js`, script(random, random.int(20, 400) * 1024));
  }
  for (let i = 0; i < plan.icons; i++) {
    files.set(
      `Skins/Default/Images/icon-${i}.png`,
      binary(random, PNG_SIGNATURE, random.int(1, 6) * 1024),
    );
  }
  for (let i = 0; i < plan.images; i++) {
    files.set(
      `Resources/Images/Screens/screen-${String(i).padStart(4, '0')}.png`,
      binary(random, PNG_SIGNATURE, random.int(20, 160) * 1024),
    );
  }
  for (let i = 0; i < plan.largeBinaries; i++) {
    const video = i % 3 !== 2;
    const name = video ? `walkthrough-${i}.mp4` : `guide-${i}.pdf`;
    const header = Buffer.from(video ? '\0\0\0 ftypisom' : '%PDF-1.7\n', 'latin1');
    files.set(
      `Resources/Multimedia/${name}`,
      binary(random, header, random.int(video ? 6 : 2, video ? 12 : 4) * 1024 * 1024),
    );
  }
  const folders = new Set([...files.keys()].map((file) => dirname(join(outDir, file))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  let bytes = 0;
  for (const [file, body] of files) {
    bytes += Buffer.byteLength(body);
    await writeFile(join(outDir, file), body);
  }
  return { files: [...files.keys()], bytes };
}
