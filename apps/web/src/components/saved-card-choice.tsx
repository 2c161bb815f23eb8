/**
 * Which saved card pays (issue 32), for the plan confirmation and the profile's top-up dialogs:
 * one radio per card when the buyer has several; nothing with one card, which the pay button
 * names already. The card's name stays left to right inside Arabic text.
 */
import { cardShortName, type SavedCard } from '@tern/contract/saved-cards';
import { useId } from 'react';

export interface SavedCardChoiceProps {
  cards: readonly SavedCard[];
  chosenId: number | undefined;
  onChoose: (id: number) => void;
  legend: string;
  /** The words after a card's name: "expires 12/49". */
  expiry: (card: SavedCard) => string;
}

export function SavedCardChoice({
  cards,
  chosenId,
  onChoose,
  legend,
  expiry,
}: SavedCardChoiceProps) {
  // Each chooser its own group: two dialogs on a page must not share their radios.
  const name = useId();
  if (cards.length < 2) return null;
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2">
        {cards.map((card) => (
          <label
            key={card.id}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={card.id}
              checked={chosenId === card.id}
              onChange={() => onChoose(card.id)}
              className="size-4 accent-brand-700"
            />
            <bdi dir="ltr" className="font-medium text-slate-900">
              {cardShortName(card)}
            </bdi>
            <span className="text-slate-600">{expiry(card)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
