export async function renderAll(_root: string, _argv: string[]): Promise<void> {
  throw new Error('rendering comes in step 2');
}
