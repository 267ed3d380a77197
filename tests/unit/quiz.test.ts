import { describe, expect, it } from 'vitest';
import {
  BUDGET_BANDS,
  completedAnswers,
  progressPercent,
  quizQuestionIds,
  quizQuestions,
  recommendationFor,
  shopUrl,
  type QuizAnswers,
} from '../../src/domain/quiz.ts';

const base: QuizAnswers = { goal: 'muscle', budget: 'mid', experience: 'beginner', space: 'moderate', time: 'medium' };
const resultOf = (answers: Partial<QuizAnswers>) => recommendationFor({ ...base, ...answers }).id;

describe('five questions in order: goal, budget, experience, space, time', () => {
  it('asks them in that order, each with choices', () => {
    expect(quizQuestions.map((question) => question.id)).toEqual(['goal', 'budget', 'experience', 'space', 'time']);
    expect(quizQuestionIds).toHaveLength(5);
    for (const question of quizQuestions) expect(question.options.length).toBeGreaterThanOrEqual(2);
  });

  it('offers the budget bands under $50, $50-$150, $150-$500, $500+', () => {
    expect(quizQuestions[1].options.map((option) => option.label)).toEqual(['Under $50', '$50-$150', '$150-$500', '$500+']);
  });

  it('moves the progress bar one fifth a question', () => {
    expect([0, 1, 2, 3, 4].map(progressPercent)).toEqual([20, 40, 60, 80, 100]);
  });
});

describe('one choice per question is required', () => {
  it('has no result until every question is answered', () => {
    expect(completedAnswers({ goal: 'muscle', budget: 'mid', experience: 'beginner', space: 'minimal' })).toBeNull();
    expect(completedAnswers(base)).toEqual(base);
  });
});

describe('premium muscle: goal muscle and budget premium or pro', () => {
  it('applies to the premium and pro budgets', () => {
    expect(resultOf({ goal: 'muscle', budget: 'premium' })).toBe('premium-muscle');
    expect(resultOf({ goal: 'muscle', budget: 'pro' })).toBe('premium-muscle');
  });

  it('does not apply to smaller budgets', () => {
    expect(resultOf({ goal: 'muscle', budget: 'mid' })).toBe('balanced');
    expect(resultOf({ goal: 'muscle', budget: 'budget' })).toBe('balanced');
  });
});

describe('budget pain relief: goal pain relief and a budget under $50', () => {
  it('applies under $50', () => {
    expect(resultOf({ goal: 'pain-relief', budget: 'budget' })).toBe('budget-pain-relief');
  });

  it('does not apply to larger budgets', () => {
    expect(resultOf({ goal: 'pain-relief', budget: 'premium' })).toBe('balanced');
  });
});

describe('compact wellness: goal wellness and minimal space', () => {
  it('applies with minimal space', () => {
    expect(resultOf({ goal: 'wellness', space: 'minimal' })).toBe('compact-wellness');
  });

  it('does not apply with more space', () => {
    expect(resultOf({ goal: 'wellness', space: 'dedicated' })).toBe('balanced');
  });
});

describe('advanced performance: goal performance and experience experienced', () => {
  it('applies to the experienced', () => {
    expect(resultOf({ goal: 'performance', experience: 'experienced' })).toBe('advanced-performance');
  });

  it('does not apply to beginners', () => {
    expect(resultOf({ goal: 'performance', experience: 'beginner' })).toBe('balanced');
  });
});

describe('balanced default', () => {
  it('applies when no other rule does', () => {
    expect(resultOf({ goal: 'wellness', space: 'moderate', budget: 'pro', experience: 'experienced' })).toBe('balanced');
  });
});

describe('Shop Recommendations opens the catalogue filtered like the answers', () => {
  it('uses the set’s category and the budget band as the price range', () => {
    expect(shopUrl({ ...base, goal: 'wellness', space: 'minimal', budget: 'mid' })).toBe('/products?category=wellness&min_price=50&max_price=150');
  });

  it('leaves out max_price for $500+', () => {
    expect(shopUrl({ ...base, budget: 'pro' })).toBe('/products?category=fitness-equipment&min_price=500');
  });

  it('leaves out the category for the balanced set', () => {
    expect(shopUrl({ ...base, budget: 'budget' })).toBe('/products?min_price=0&max_price=50');
  });

  it('matches the catalogue’s budget presets', () => {
    expect(BUDGET_BANDS).toEqual({
      budget: { min: 0, max: 50, label: 'Under $50' },
      mid: { min: 50, max: 150, label: '$50-$150' },
      premium: { min: 150, max: 500, label: '$150-$500' },
      pro: { min: 500, max: null, label: '$500+' },
    });
  });
});
