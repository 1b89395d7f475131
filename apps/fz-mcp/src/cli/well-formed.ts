// With the `u` flag a well-formed surrogate pair is one code point, so only lone surrogates match.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Node hands argv and the environment over already decoded, replacing invalid UTF-8 with U+FFFD
 * (and, on Windows, possibly keeping lone surrogates). Either mark is how a value that was not
 * valid UTF-8 shows up here, so it is refused rather than used as a path or a program.
 */
export function isValidUtf8Text(value: string): boolean {
  return !LONE_SURROGATE.test(value) && !value.includes("\uFFFD");
}
