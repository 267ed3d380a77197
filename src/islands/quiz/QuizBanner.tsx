/**
 * "Not sure what you need?" with Start Quiz, which opens the recommendation quiz (spec section 2:
 * shown on the catalogue when no filter is set). Usable as its own island or inside another one.
 *
 * The quiz's dialog (Radix Dialog, RadioGroup and Progress, and the quiz's rules) loads when someone reaches for
 * Start Quiz, not with the page: a click that comes first is held and carried out once it has (load-on-intent.ts).
 */
import { Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { onDemand, useOnDemand } from '../load-on-intent.ts';
import { ui } from '../ui.ts';

const quizDialog = onDemand(() => import('./QuizDialog.tsx'));

interface Props {
  headingLevel?: 'h2' | 'h3';
}

export function QuizBanner({ headingLevel: Heading = 'h2' }: Props) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const { loaded, gate } = useOnDemand(quizDialog);
  const { ref, ...handlers } = gate;
  return (
    <section aria-labelledby="quiz-banner-title" className="flex flex-col items-start gap-4 rounded-card border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Sparkles aria-hidden="true" className="mt-0.5 flex-none text-brand-700" size={22} />
        <div>
          <Heading id="quiz-banner-title" className="text-lg font-semibold text-ink">
            Not sure what you need?
          </Heading>
          <p className="text-sm text-ink-muted">Answer five quick questions and we'll suggest the right gear for your goals and budget.</p>
        </div>
      </div>
      <span ref={ref} className="contents" {...handlers}>
        <button ref={opener} type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} className={ui.primaryButton}>
          Start Quiz
        </button>
      </span>
      {loaded && <loaded.QuizDialog open={open} onOpenChange={setOpen} opener={opener} />}
    </section>
  );
}

export default QuizBanner;
