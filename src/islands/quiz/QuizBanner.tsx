/**
 * "Not sure what you need?" with Start Quiz, which opens the recommendation quiz (spec section 2:
 * shown on the catalogue when no filter is set). Usable as its own island or inside another one.
 */
import { Sparkles } from 'lucide-react';
import { ui } from '../ui.ts';
import { QuizDialog } from './QuizDialog.tsx';

interface Props {
  headingLevel?: 'h2' | 'h3';
}

export function QuizBanner({ headingLevel: Heading = 'h2' }: Props) {
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
      <QuizDialog
        trigger={
          <button type="button" className={ui.primaryButton}>
            Start Quiz
          </button>
        }
      />
    </section>
  );
}

export default QuizBanner;
