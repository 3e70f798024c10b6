/**
 * Modules the demo server imports on first use (Node's own, or decoders kept out of a browser
 * bundle), imported once and kept: under tsx every `await import()` asks its loader thread again,
 * a round trip per call that took 1.6 s of a 2 000-picture zip's thumbnail thread.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
