/** Whether a form's values differ from where they started (plain data: text, numbers, booleans, lists, objects). */
export function hasChanged(current: unknown, initial: unknown): boolean {
  return JSON.stringify(current) !== JSON.stringify(initial);
}
