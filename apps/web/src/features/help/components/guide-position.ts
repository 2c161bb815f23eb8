/**
 * Where the setup guide is: the device tab shown and the step of it. Only the shown device
 * has a position, so switching tab starts the new one at its first step and the old one is
 * back at its first step too (the spec's "switching tab resets both counters").
 */
export const devices = ['iphone', 'android'] as const;
export type Device = (typeof devices)[number];

export interface GuidePosition {
  device: Device;
  /** Zero-based index into the device's steps. */
  step: number;
}

export type GuideAction =
  | { type: 'select'; device: Device }
  | { type: 'next' }
  | { type: 'previous' };

export type StepCounts = Readonly<Record<Device, number>>;

export const initialGuidePosition: GuidePosition = { device: 'iphone', step: 0 };

/** Moves one step at a time within the device's steps; returns the same object when nothing moves. */
export function moveGuide(
  position: GuidePosition,
  action: GuideAction,
  stepCounts: StepCounts,
): GuidePosition {
  switch (action.type) {
    case 'select':
      return action.device === position.device ? position : { device: action.device, step: 0 };
    case 'next': {
      const last = Math.max(stepCounts[position.device] - 1, 0);
      return position.step >= last ? position : { ...position, step: position.step + 1 };
    }
    case 'previous':
      return position.step <= 0 ? position : { ...position, step: position.step - 1 };
    default:
      return action satisfies never;
  }
}

export interface StepCounter {
  label: string;
  isFirst: boolean;
  isLast: boolean;
}

/** The 'Step N of M' text and whether Previous and Next can move. */
export function stepCounter(position: GuidePosition, stepCounts: StepCounts): StepCounter {
  const count = stepCounts[position.device];
  return {
    label: `Step ${position.step + 1} of ${count}`,
    isFirst: position.step <= 0,
    isLast: position.step >= count - 1,
  };
}
