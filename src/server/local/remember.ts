/**
 * The local server keeps a few small memos (routes, header rules and merged headers per path, redirect rules per build):
 * each a Map whose keys come from requests, so each is bounded, forgetting its oldest entry past the limit.
 */
export function remember<K, V>(memo: Map<K, V>, key: K, value: V, limit: number): V {
  // Set again at the end, so that what is looked up afresh counts as new.
  memo.delete(key);
  memo.set(key, value);
  if (memo.size > limit) memo.delete(memo.keys().next().value as K);
  return value;
}
