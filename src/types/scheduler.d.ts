/** The part of React's scheduler (the `scheduler` package, no types of its own) that the input layer uses. */
declare module 'scheduler' {
  export const unstable_IdlePriority: number;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
}
