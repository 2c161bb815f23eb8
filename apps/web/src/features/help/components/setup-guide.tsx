/**
 * The setup guide's device tabs (WAI-ARIA tabs: arrow keys, Home and End move between
 * them and select as they go) and, in the selected tab, one step at a time with Previous
 * and Next. The step counter is a polite live region, so screen readers hear each move.
 */
import { type KeyboardEvent, useReducer, useRef } from 'react';
import { brandName } from '../../../lib/shop-settings';
import { tabAfterKey } from '../../../lib/tab-keys';
import { androidSteps, type GuideStep, iphoneSteps } from '../content/guide-steps';
import type { HelpContent } from '../content/help-content';
import type { HelpPageTexts } from '../content/page-texts';
import {
  type Device,
  devices,
  type GuideAction,
  type GuidePosition,
  initialGuidePosition,
  moveGuide,
  type StepCounts,
  stepCounter,
} from './guide-position';
import { useHelpContent } from './use-help-content';

const deviceLabels: Record<Device, string> = { iphone: 'iPhone', android: 'Android' };

function stepsFor(device: Device, content: HelpContent): readonly GuideStep[] {
  return device === 'iphone' ? content.iphoneSteps : content.androidSteps;
}

// Every language has as many steps as English (content-by-language.test.ts).
const stepCounts: StepCounts = {
  iphone: iphoneSteps.length,
  android: androidSteps.length,
};

const reduce = (position: GuidePosition, action: GuideAction) =>
  moveGuide(position, action, stepCounts);

const tabId = (device: Device) => `guide-tab-${device}`;
const panelId = (device: Device) => `guide-panel-${device}`;

export function SetupGuide() {
  const [position, dispatch] = useReducer(reduce, initialGuidePosition);
  const tabRefs = useRef<Partial<Record<Device, HTMLButtonElement | null>>>({});
  const { content } = useHelpContent();
  const texts = content.pageTexts(brandName).guide;

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabAfterKey(event.key, devices.indexOf(position.device), devices.length);
    const device = index === undefined ? undefined : devices[index];
    if (!device) return;
    event.preventDefault();
    dispatch({ type: 'select', device });
    tabRefs.current[device]?.focus();
  };

  return (
    <div className="mt-10">
      <div
        role="tablist"
        aria-label={texts.phoneType}
        className="mx-auto flex w-full max-w-sm rounded-xl bg-slate-100 p-1"
      >
        {devices.map((device) => {
          const selected = device === position.device;
          return (
            <button
              key={device}
              ref={(element) => {
                tabRefs.current[device] = element;
              }}
              type="button"
              role="tab"
              id={tabId(device)}
              aria-selected={selected}
              aria-controls={panelId(device)}
              tabIndex={selected ? 0 : -1}
              onClick={() => dispatch({ type: 'select', device })}
              onKeyDown={onTabKeyDown}
              className={`flex-1 rounded-lg px-4 py-2.5 text-base font-semibold ${
                selected
                  ? 'bg-white text-brand-800 shadow-sm'
                  : 'text-slate-700 hover:bg-white/60 hover:text-slate-900'
              }`}
            >
              {deviceLabels[device]}
            </button>
          );
        })}
      </div>

      {devices.map((device) => (
        <div
          key={device}
          role="tabpanel"
          id={panelId(device)}
          aria-labelledby={tabId(device)}
          hidden={device !== position.device}
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8"
        >
          {device === position.device ? (
            <GuideStepView
              steps={stepsFor(device, content)}
              texts={texts}
              position={position}
              onPrevious={() => dispatch({ type: 'previous' })}
              onNext={() => dispatch({ type: 'next' })}
            />
          ) : null}
        </div>
      ))}
    </div>
  );
}

interface GuideStepViewProps {
  steps: readonly GuideStep[];
  texts: HelpPageTexts['guide'];
  position: GuidePosition;
  onPrevious: () => void;
  onNext: () => void;
}

function GuideStepView({ steps, texts, position, onPrevious, onNext }: GuideStepViewProps) {
  const step = steps[position.step];
  const counter = stepCounter(position, stepCounts);
  if (!step) return null;
  return (
    <>
      <div className="flex items-center justify-between gap-2 sm:gap-3">
        <StepButton label={texts.previous} disabled={counter.isFirst} onClick={onPrevious} />
        <p
          aria-live="polite"
          aria-atomic="true"
          className="whitespace-nowrap text-center text-sm font-semibold text-slate-700"
        >
          {texts.stepOf(position.step + 1, steps.length)}
        </p>
        <StepButton label={texts.next} disabled={counter.isLast} onClick={onNext} primary />
      </div>
      {/* The same progress as the counter, drawn; hidden from screen readers, which hear the counter. */}
      <div aria-hidden="true" className="mt-4 flex gap-1">
        {steps.map((other, index) => (
          <span
            key={other.title}
            className={`h-1.5 flex-1 rounded-full ${
              index <= position.step ? 'bg-brand-700' : 'bg-slate-200'
            }`}
          />
        ))}
      </div>

      <div className="mt-8 grid items-start gap-8 md:grid-cols-[1fr_240px]">
        <div>
          <h2 className="text-xl font-semibold text-slate-900 sm:text-2xl">{step.title}</h2>
          <ol className="mt-4 list-decimal space-y-3 ps-6 leading-7 text-slate-700 marker:font-semibold marker:text-brand-700">
            {step.instructions.map((instruction) => (
              <li key={instruction} className="ps-1">
                {instruction}
              </li>
            ))}
          </ol>
        </div>
        <img
          src={step.image}
          alt={step.imageAlt}
          width={240}
          height={480}
          decoding="async"
          className="mx-auto h-auto w-full max-w-60"
        />
      </div>
    </>
  );
}

interface StepButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
  primary?: boolean;
}

/**
 * aria-disabled rather than disabled: a disabled button drops keyboard focus to the page,
 * so someone pressing Enter on Next would lose their place at the last step.
 */
function StepButton({ label, disabled, onClick, primary = false }: StepButtonProps) {
  const enabledLook = primary
    ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
    : 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50';
  return (
    <button
      type="button"
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
      className={`min-w-20 rounded-lg border px-3 py-2 sm:min-w-24 sm:px-4 text-sm font-semibold ${
        disabled ? 'cursor-not-allowed border-slate-200 bg-white text-slate-500' : enabledLook
      }`}
    >
      {label}
    </button>
  );
}
