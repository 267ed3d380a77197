/**
 * The recommendation quiz in a dialog (spec sections 2, 4, 5 and 9): five questions in order with a
 * progress bar, one choice required to advance, Previous Question to go back, then the result with
 * Shop Recommendations and Retake Quiz. Radix Dialog and RadioGroup give focus trapping, Escape,
 * arrow-key choice and the roles screen readers expect.
 */
import { Dialog, Progress, RadioGroup } from 'radix-ui';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  completedAnswers,
  progressPercent,
  quizQuestions,
  recommendationFor,
  shopUrl,
  type QuizAnswers,
  type QuizProgress,
  type QuizQuestionId,
} from '../../domain/quiz.ts';
import { ui } from '../ui.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The control that opened the quiz, which gets focus back when it closes. It lives outside this module (QuizBanner),
   * so it is on the page, and works, before the dialog's code has loaded.
   */
  opener: RefObject<HTMLElement | null>;
}

export function QuizDialog({ open, onOpenChange, opener }: Props) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<QuizProgress>({});
  const [finished, setFinished] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After Next, Previous or Retake, take focus to the new question or the result, so a screen
  // reader announces it; not on first open, where the dialog focuses its first control itself.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, finished]);

  const question = quizQuestions[step]!;
  const chosen = answers[question.id];
  const result = finished ? completedAnswers(answers) : null;
  const total = quizQuestions.length;

  const choose = (id: QuizQuestionId, value: string) => setAnswers((current) => ({ ...current, [id]: value }));
  const next = () => {
    if (!chosen) return;
    moved.current = true;
    if (step < total - 1) setStep(step + 1);
    else setFinished(true);
  };
  const previous = () => {
    moved.current = true;
    setStep(Math.max(0, step - 1));
  };
  const retake = () => {
    moved.current = true;
    setAnswers({});
    setStep(0);
    setFinished(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-surface p-6 shadow-card-hover focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold tracking-tight text-ink">Product Recommendation Quiz</Dialog.Title>
            <Dialog.Close className="-m-2 inline-flex size-10 flex-none items-center justify-center rounded-full text-ink-muted hover:bg-muted" aria-label="Close">
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>

          {result ? (
            <QuizResult answers={result} headingRef={headingRef} onRetake={retake} />
          ) : (
            <>
              <Dialog.Description className="mt-1 text-sm text-ink-muted">
                Question {step + 1} of {total}
              </Dialog.Description>
              <Progress.Root
                value={progressPercent(step)}
                aria-label="Quiz progress"
                className="mt-3 h-2 w-full overflow-hidden rounded-full bg-muted"
              >
                <Progress.Indicator className="h-full bg-brand-600 transition-[width] duration-300" style={{ width: `${progressPercent(step)}%` }} />
              </Progress.Root>

              <h3 ref={headingRef} tabIndex={-1} id={`quiz-${question.id}`} className="mt-6 text-lg font-semibold text-ink focus:outline-none">
                {question.question}
              </h3>
              <RadioGroup.Root
                key={question.id}
                aria-labelledby={`quiz-${question.id}`}
                value={chosen ?? ''}
                onValueChange={(value) => choose(question.id, value)}
                className="mt-3 grid gap-2"
              >
                {question.options.map((option) => (
                  <label
                    key={option.value}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border border-line p-3 hover:bg-brand-50 has-[[data-state=checked]]:border-brand-600 has-[[data-state=checked]]:bg-brand-50"
                  >
                    <RadioGroup.Item
                      value={option.value}
                      className="flex size-5 flex-none items-center justify-center rounded-full border-2 border-brand-600 bg-surface"
                    >
                      <RadioGroup.Indicator className="size-2.5 rounded-full bg-brand-600" />
                    </RadioGroup.Item>
                    <span>
                      <span className="block font-medium text-ink">{option.label}</span>
                      {option.hint && <span className="block text-sm text-ink-muted">{option.hint}</span>}
                    </span>
                  </label>
                ))}
              </RadioGroup.Root>

              <div className="mt-6 flex flex-wrap justify-between gap-3">
                <button type="button" onClick={previous} disabled={step === 0} className={ui.secondaryButton}>
                  Previous Question
                </button>
                <button type="button" onClick={next} disabled={!chosen} className={ui.primaryButton}>
                  {step < total - 1 ? 'Next Question' : 'See My Results'}
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function QuizResult({ answers, headingRef, onRetake }: { answers: QuizAnswers; headingRef: RefObject<HTMLHeadingElement | null>; onRetake: () => void }) {
  const recommendation = recommendationFor(answers);
  return (
    <div className="mt-4">
      <Dialog.Description className="text-sm text-ink-muted">Based on your answers, we recommend:</Dialog.Description>
      <h3 ref={headingRef} tabIndex={-1} className="mt-2 text-2xl font-bold tracking-tight text-brand-700 focus:outline-none">
        {recommendation.title}
      </h3>
      <p className="mt-2 text-ink">{recommendation.description}</p>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-ink marker:text-brand-500">
        {recommendation.picks.map((pick) => (
          <li key={pick}>{pick}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={shopUrl(answers)} className={ui.primaryButton}>
          Shop Recommendations
        </a>
        <button type="button" onClick={onRetake} className={ui.secondaryButton}>
          Retake Quiz
        </button>
      </div>
    </div>
  );
}
