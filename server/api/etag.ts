/**
 * Versions as entity tags (RFC 9110 §8.8.3): an answer names the version of what it answers in `ETag: "<version>"`,
 * and a write sent with `If-Match` goes ahead only while that version is still the stored one.
 */

export const etagHeader = 'ETag';

export const etagOf = (version: number) => `"${version}"`;

const strongTag = /^"(\d{1,15})"$/;

/**
 * Whether a version is one that the request's If-Match names; undefined when the request sets no condition (no
 * If-Match, or `*`: the document always exists). A weak tag or one that is not a version never matches (a strong
 * comparison, RFC 9110 §13.1.1).
 */
export const ifMatchOf = (header: string | undefined): ((version: number) => boolean) | undefined => {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  const versions = new Set(
    value
      .split(',')
      .map((tag) => strongTag.exec(tag.trim())?.[1])
      .filter((digits) => digits !== undefined)
      .map(Number),
  );
  return (version) => versions.has(version);
};
