/**
 * Runs `task` once the next frame has been painted (a task queued from that frame's animation callback); returns a
 * cancel. For work the shopper need not wait for: it never delays the frame that shows an answer.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(task, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
