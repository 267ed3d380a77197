/**
 * Budget Range's two-thumb slider, $0 to $2000 in steps of $10 (spec sections 4, 5 and 9): Radix Slider's keyboard,
 * pointer and ARIA model. Its own module, loaded when Custom Range opens or is reached for (BudgetRange.tsx), since
 * most shoppers never open it.
 */
import { Slider } from 'radix-ui';

interface Props {
  labelledBy: string;
  /** PRICE_SLIDER (budget.ts), passed in so this module shares no code with the island's and costs it no extra file. */
  bounds: { min: number; max: number; step: number };
  values: [number, number];
  /** While dragging or arrowing. */
  onChange: (values: [number, number]) => void;
  /** On release. */
  onCommit: (values: [number, number]) => void;
}

export function PriceSlider({ labelledBy, bounds, values, onChange, onCommit }: Props) {
  const pair = (next: number[]): [number, number] => [next[0] ?? bounds.min, next[1] ?? bounds.max];
  return (
    <Slider.Root
      aria-labelledby={labelledBy}
      min={bounds.min}
      max={bounds.max}
      step={bounds.step}
      minStepsBetweenThumbs={0}
      value={values}
      onValueChange={(next) => onChange(pair(next))}
      onValueCommit={(next) => onCommit(pair(next))}
      className="relative flex h-6 w-full touch-none items-center select-none"
    >
      <Slider.Track className="relative h-1.5 grow rounded-full bg-muted">
        <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
      </Slider.Track>
      <Slider.Thumb aria-label="Minimum price" className="block size-5 rounded-full border-2 border-brand-700 bg-surface shadow" />
      <Slider.Thumb aria-label="Maximum price" className="block size-5 rounded-full border-2 border-brand-700 bg-surface shadow" />
    </Slider.Root>
  );
}
