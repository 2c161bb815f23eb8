/**
 * The sign-in form's dial-code list: a select-only combobox after the WAI-ARIA APG
 * pattern. Focus stays on the combobox; arrows, Page Up/Down, Home and End move through
 * the list, Enter, Space or Tab choose, Escape closes, and typing jumps to a country by
 * name (or to a calling code by its digits).
 */
import type { DialCountry } from '@tern/contract';
import {
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { findTypeAheadMatch, noTypeAheadSearch, searchingAt, typedAt } from '../utils/type-ahead';

const PAGE_STEP = 10;

export interface CountryCodeComboboxProps {
  id: string;
  /** The visible label's id. */
  labelId: string;
  countries: readonly DialCountry[];
  /** ISO code of the chosen country, e.g. 'LB'. */
  value: string;
  onChange: (iso2: string) => void;
  disabled?: boolean;
}

/** The name, then the calling code kept left to right, so '(+961)' reads the same in Arabic. */
function DialCountryLabel({ country }: { country: DialCountry }) {
  return (
    <>
      {country.name} <bdi dir="ltr">({country.dialCode})</bdi>
    </>
  );
}

export function CountryCodeCombobox(props: CountryCodeComboboxProps) {
  const { id, labelId, countries, value, onChange, disabled } = props;
  const listId = `${id}-list`;
  const optionIdPrefix = useId();
  const optionId = (index: number) => `${optionIdPrefix}-${index}`;
  const selectedIndex = Math.max(
    0,
    countries.findIndex((country) => country.iso2 === value),
  );
  const [open, setOpen] = useState(false);
  // The options are built at the first opening and kept: built hidden on the first render,
  // the 230-odd of them, each with its flag, were half the sign-in page's blocking time
  // (docs/performance.md); built anew at each opening, they held the keys typed meanwhile.
  const [built, setBuilt] = useState(false);
  const [activeIndex, setActiveIndex] = useState(selectedIndex);
  const search = useRef(noTypeAheadSearch);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = countries[selectedIndex];
  const last = countries.length - 1;

  useEffect(() => {
    if (!open) return;
    listRef.current?.children[activeIndex]?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex]);

  function show(index: number) {
    setActiveIndex(Math.min(Math.max(index, 0), last));
    setOpen(true);
    setBuilt(true);
  }

  function choose(index: number) {
    const country = countries[index];
    setOpen(false);
    if (country && country.iso2 !== value) onChange(country.iso2);
  }

  function typeAhead(character: string, at: number) {
    search.current = typedAt(search.current, character, at);
    const match = findTypeAheadMatch(
      countries,
      search.current.text,
      open ? activeIndex : selectedIndex,
    );
    show(match ?? (open ? activeIndex : selectedIndex));
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const { key, altKey, ctrlKey, metaKey, timeStamp } = event;
    const typing = key === ' ' ? searchingAt(search.current, timeStamp) : key.length === 1;
    if (typing && !ctrlKey && !metaKey && !altKey) {
      event.preventDefault();
      typeAhead(key, timeStamp);
      return;
    }
    if (!open) {
      const opening: Record<string, number> = {
        ArrowDown: selectedIndex,
        ArrowUp: selectedIndex,
        Enter: selectedIndex,
        ' ': selectedIndex,
        Home: 0,
        End: last,
      };
      const index = opening[key];
      if (index === undefined) return;
      event.preventDefault();
      show(index);
      return;
    }
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + PAGE_STEP,
      PageUp: activeIndex - PAGE_STEP,
      Home: 0,
      End: last,
    };
    if (key === 'Enter' || key === ' ' || (key === 'ArrowUp' && altKey)) {
      event.preventDefault();
      choose(activeIndex);
    } else if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (key === 'Tab') {
      choose(activeIndex); // and let focus move on
    } else if (moves[key] !== undefined) {
      event.preventDefault();
      show(moves[key]);
    }
  }

  // Opens on press, as a native select does (and before a message above can shift it away).
  function onMouseDown(event: MouseEvent<HTMLButtonElement>) {
    if (event.button !== 0) return;
    if (open) setOpen(false);
    else show(selectedIndex);
  }

  return (
    <div className="relative">
      <button
        id={id}
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        disabled={disabled}
        onKeyDown={onKeyDown}
        onMouseDown={onMouseDown}
        onBlur={() => setOpen(false)}
        className="flex h-11 w-full items-center gap-2 rounded-lg border border-slate-400 bg-white px-3 text-start text-slate-900 hover:border-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600"
      >
        {selected ? <Flag iso2={selected.iso2} /> : null}
        <span className="min-w-0 flex-1 truncate">
          {selected ? <DialCountryLabel country={selected} /> : ''}
        </span>
        <ChevronIcon />
      </button>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        tabIndex={-1}
        hidden={!open}
        // Keeps focus on the combobox while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute start-0 z-20 mt-1 max-h-[200px] w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
      >
        {built
          ? countries.map((country, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the combobox keeps focus and owns the keyboard (aria-activedescendant)
              <div
                key={country.iso2}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                onClick={() => choose(index)}
                className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${
                  index === activeIndex
                    ? 'bg-brand-700 text-white'
                    : 'text-slate-900 hover:bg-slate-100'
                }`}
              >
                <Flag iso2={country.iso2} />
                <span className="flex-1">
                  <DialCountryLabel country={country} />
                </span>
                {index === selectedIndex ? <CheckIcon /> : null}
              </div>
            ))
          : null}
      </div>
    </div>
  );
}

/** A small flag from the shop's own /flags; hidden when a country has none. */
function Flag({ iso2 }: { iso2: string }) {
  const hide = (event: SyntheticEvent<HTMLImageElement>) => {
    event.currentTarget.hidden = true;
  };
  return (
    <img
      src={`/flags/${iso2.toLowerCase()}.svg`}
      alt=""
      width={20}
      height={15}
      loading="lazy"
      onError={hide}
      className="h-[15px] w-5 shrink-0 rounded-[2px] object-cover ring-1 ring-slate-200"
    />
  );
}

function ChevronIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}
