/**
 * The sign-in form's dial-code list: a select-only combobox after the WAI-ARIA APG
 * pattern. Focus stays on the combobox; arrows, Page Up/Down, Home and End move through
 * the list, Enter, Space or Tab choose, Escape closes, and typing jumps to a country by
 * name (or to a calling code by its digits). Above the list, a search field (an editable
 * combobox on the same list) keeps the countries that match what is typed: opened by a
 * pointer or a finger, the list puts the focus there, so a phone's keyboard can find a
 * country among the 240-odd rows, which scrolling alone could not.
 */
import type { DialCountry } from '@tern/contract/phone';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { searchDialCountries } from '../utils/country-search';
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
  /** The search field's name and placeholder, and what it says when nothing matches. */
  searchLabel: string;
  noMatchText: string;
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
  const optionId = (country: DialCountry | undefined) =>
    country ? `${optionIdPrefix}-${country.iso2}` : undefined;
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchDialCountries(countries, query), [countries, query]);
  const selected = countries.find((country) => country.iso2 === value) ?? countries[0];
  const selectedIndex = Math.max(
    0,
    shown.findIndex((country) => country.iso2 === value),
  );
  const [open, setOpen] = useState(false);
  // The options are built at the first opening and kept: built hidden on the first render,
  // the 230-odd of them, each with its flag, were half the sign-in page's blocking time
  // (docs/performance.md); built anew at each opening, they held the keys typed meanwhile.
  const [built, setBuilt] = useState(false);
  const [activeIndex, setActiveIndex] = useState(selectedIndex);
  const search = useRef(noTypeAheadSearch);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // Set when a pointer opens the list: the search field takes the focus once it shows.
  const focusSearchWhenShown = useRef(false);
  const last = shown.length - 1;
  const active = open ? shown[activeIndex] : undefined;

  useEffect(() => {
    if (!open) return;
    listRef.current?.children[activeIndex]?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open || !focusSearchWhenShown.current) return;
    focusSearchWhenShown.current = false;
    searchRef.current?.focus();
  }, [open]);

  function show(index: number) {
    setActiveIndex(Math.min(Math.max(index, 0), last));
    setOpen(true);
    setBuilt(true);
  }

  function close() {
    setOpen(false);
    setQuery('');
  }

  function choose(index: number) {
    const country = shown[index];
    if (!country) return;
    close();
    buttonRef.current?.focus();
    if (country.iso2 !== value) onChange(country.iso2);
  }

  function typeAhead(character: string, at: number) {
    search.current = typedAt(search.current, character, at);
    const match = findTypeAheadMatch(
      shown,
      search.current.text,
      open ? activeIndex : selectedIndex,
    );
    show(match ?? (open ? activeIndex : selectedIndex));
  }

  /** The keys that move through the open list, from the combobox or the search field. */
  function moveInList(key: string): boolean {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + PAGE_STEP,
      PageUp: activeIndex - PAGE_STEP,
    };
    const index = moves[key];
    if (index === undefined) return false;
    show(index);
    return true;
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
    if (key === 'Enter' || key === ' ' || (key === 'ArrowUp' && altKey)) {
      event.preventDefault();
      choose(activeIndex);
    } else if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (key === 'Tab') {
      choose(activeIndex); // and let focus move on
    } else if (key === 'Home' || key === 'End') {
      event.preventDefault();
      show(key === 'Home' ? 0 : last);
    } else if (moveInList(key)) {
      event.preventDefault();
    }
  }

  // Home and End stay the text's own keys here; Enter must not send the form.
  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      choose(activeIndex);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      buttonRef.current?.focus();
    } else if (moveInList(event.key)) {
      event.preventDefault();
    }
  }

  // Opens on press, as a native select does (and before a message above can shift it away);
  // the press does not focus the button, the search field takes the focus instead.
  function onMouseDown(event: MouseEvent<HTMLButtonElement>) {
    if (event.button !== 0) return;
    if (open) {
      close();
      return;
    }
    event.preventDefault();
    focusSearchWhenShown.current = true;
    show(selectedIndex);
  }

  // Closes once the focus leaves the combobox, its search field and its list.
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) close();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens for the focus leaving the combobox, its search field and its list
    <div className="relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={optionId(active)}
        disabled={disabled}
        onKeyDown={onKeyDown}
        onMouseDown={onMouseDown}
        className="flex h-11 w-full items-center gap-2 rounded-lg border border-slate-400 bg-white px-3 text-start text-slate-900 hover:border-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600"
      >
        {selected ? <Flag iso2={selected.iso2} /> : null}
        <span className="min-w-0 flex-1 truncate">
          {selected ? <DialCountryLabel country={selected} /> : ''}
        </span>
        <ChevronIcon />
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a press on the popup's frame must not take the focus out of the combobox and close it */}
      <div
        hidden={!open}
        onMouseDown={(event) => {
          if (event.target !== searchRef.current) event.preventDefault();
        }}
        className="absolute start-0 z-20 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-300 bg-white shadow-lg"
      >
        <div className="border-b border-slate-200 p-2">
          <input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-label={props.searchLabel}
            placeholder={props.searchLabel}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={optionId(active)}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="done"
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setActiveIndex(0);
            }}
            onKeyDown={onSearchKeyDown}
            className="h-10 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600 sm:text-sm"
          />
        </div>
        <p aria-live="polite" className="px-3 py-2 text-sm text-slate-700 empty:py-0">
          {open && shown.length === 0 ? props.noMatchText : ''}
        </p>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          tabIndex={-1}
          className="max-h-[200px] overflow-y-auto py-1"
        >
          {built
            ? shown.map((country, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the combobox keeps focus and owns the keyboard (aria-activedescendant)
                <div
                  key={country.iso2}
                  id={optionId(country)}
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
                  {country.iso2 === value ? <CheckIcon /> : null}
                </div>
              ))
            : null}
        </div>
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
