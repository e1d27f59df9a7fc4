/**
 * Polls `probe` every `stepMs` until it holds or `ms` have passed; a probe that throws has not held
 * yet. Resolves with the last answer, for the test to assert.
 */
export async function eventually(probe: () => Promise<boolean> | boolean, ms = 5000, stepMs = 100): Promise<boolean> {
  const attempt = async () => {
    try {
      return await probe();
    } catch {
      return false;
    }
  };
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await attempt()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return attempt();
}
