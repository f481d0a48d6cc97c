// Checks that a file is a real, non-empty PNG: the signature, an IHDR chunk
// with a non-zero size, and more than a few bytes of image data.
import { readFileSync } from 'node:fs';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Returns { width, height, bytes } or throws saying what is wrong. */
export function checkPng(path) {
  const data = readFileSync(path);
  if (data.length < 100) throw new Error(`${path}: only ${data.length} bytes, not a screenshot`);
  if (!data.subarray(0, 8).equals(SIGNATURE)) throw new Error(`${path}: not a PNG (bad signature)`);
  if (data.toString('ascii', 12, 16) !== 'IHDR') throw new Error(`${path}: PNG without IHDR`);
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  if (width === 0 || height === 0) throw new Error(`${path}: empty image ${width}x${height}`);
  if (!data.includes(Buffer.from('IDAT'))) throw new Error(`${path}: PNG without image data`);
  return { width, height, bytes: data.length };
}
