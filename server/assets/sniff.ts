import type { UserAssetMimeType } from '#schemas/profile.ts';
import { isSafeSvg } from './svg-safety.ts';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];
/** An ICO header: reserved 0, type 1 (icon; 2 would be a cursor), then at least one image. */
const isIcon = (bytes: Uint8Array) =>
  bytes.length >= 22 && startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && (bytes[4]! | (bytes[5]! << 8)) > 0;

/** Before the root element an SVG may have a BOM, an XML declaration, comments and a doctype (without an internal subset). */
const svgPrologue = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE svg[^[>]*>)\s*)*<svg[\s>]/i;

const decodeUtf8 = (bytes: Uint8Array) => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
};

export type SniffResult = { ok: true; type: UserAssetMimeType } | { ok: false; reason: 'unknown_type' | 'unsafe_svg' };

/** The image type from the file's bytes (its name and declared type are not trusted). */
export const sniffImageType = (bytes: Uint8Array): SniffResult => {
  if (startsWith(bytes, png)) return { ok: true, type: 'image/png' };
  if (startsWith(bytes, jpeg)) return { ok: true, type: 'image/jpeg' };
  if (isIcon(bytes)) return { ok: true, type: 'image/x-icon' };
  const text = decodeUtf8(bytes);
  if (text === undefined || !svgPrologue.test(text)) return { ok: false, reason: 'unknown_type' };
  return !isSafeSvg(text) ? { ok: false, reason: 'unsafe_svg' } : { ok: true, type: 'image/svg+xml' };
};
