export type Option = { value: number; label: string };

/** The loaded choices, with the saved one kept when the list is not readable or no longer holds it. */
export function withCurrent(options: Option[], current: number | null, label: string | null): Option[] {
  if (current === null || options.some((option) => option.value === current)) {
    return options;
  }
  return [{ value: current, label: label ?? String(current) }, ...options];
}
