import { describe, expect, it } from 'vitest';
import {
  type GuideAction,
  type GuidePosition,
  initialGuidePosition,
  moveGuide,
  type StepCounts,
  stepCounter,
} from './guide-position';

const counts: StepCounts = { iphone: 11, android: 8 };

function run(actions: GuideAction[], from: GuidePosition = initialGuidePosition): GuidePosition {
  return actions.reduce((position, action) => moveGuide(position, action, counts), from);
}

const next: GuideAction = { type: 'next' };
const previous: GuideAction = { type: 'previous' };

describe('the setup guide position', () => {
  it('starts on the first iPhone step', () => {
    expect(initialGuidePosition).toEqual({ device: 'iphone', step: 0 });
    expect(stepCounter(initialGuidePosition, counts)).toEqual({
      label: 'Step 1 of 11',
      isFirst: true,
      isLast: false,
    });
  });

  it('moves forward one step at a time and stops at the last step', () => {
    const atEnd = run(Array.from({ length: 10 }, () => next));
    expect(stepCounter(atEnd, counts)).toEqual({
      label: 'Step 11 of 11',
      isFirst: false,
      isLast: true,
    });
    expect(moveGuide(atEnd, next, counts)).toBe(atEnd);
  });

  it('moves back one step at a time and stops at the first step', () => {
    expect(run([next, next, previous])).toEqual({ device: 'iphone', step: 1 });
    expect(moveGuide(initialGuidePosition, previous, counts)).toBe(initialGuidePosition);
  });

  it('counts the Android steps on the Android tab', () => {
    const android = run([{ type: 'select', device: 'android' }]);
    expect(stepCounter(android, counts).label).toBe('Step 1 of 8');
    const atEnd = run(
      Array.from({ length: 20 }, () => next),
      android,
    );
    expect(stepCounter(atEnd, counts)).toMatchObject({ label: 'Step 8 of 8', isLast: true });
  });

  it('starts both devices again at their first step when the tab changes', () => {
    const androidThird = run([next, next, next, { type: 'select', device: 'android' }, next, next]);
    expect(stepCounter(androidThird, counts).label).toBe('Step 3 of 8');
    const backToIphone = moveGuide(androidThird, { type: 'select', device: 'iphone' }, counts);
    expect(stepCounter(backToIphone, counts).label).toBe('Step 1 of 11');
    const backToAndroid = moveGuide(backToIphone, { type: 'select', device: 'android' }, counts);
    expect(stepCounter(backToAndroid, counts).label).toBe('Step 1 of 8');
  });

  it('keeps the step when the tab already shown is chosen again', () => {
    const second = run([next]);
    expect(moveGuide(second, { type: 'select', device: 'iphone' }, counts)).toBe(second);
  });

  it('treats a device with a single step as both first and last', () => {
    const single: StepCounts = { iphone: 1, android: 1 };
    expect(moveGuide(initialGuidePosition, next, single)).toBe(initialGuidePosition);
    expect(stepCounter(initialGuidePosition, single)).toMatchObject({
      isFirst: true,
      isLast: true,
    });
  });
});
