/** The text a dashboard card shows when its call failed. */
export function loadFailed(error: Error): string {
  return `加载失败：${error.message || '请稍后重试'}`;
}
