/**
 * Demo authors and the posts each one signs, by subject. Photos are SVG portraits kept in public/images/authors/
 * (drawn once, no network). Fixed slugs, so pages and tests can name them.
 */
import type { NewAuthor } from '../schema.ts';

export const seedAuthors: ReadonlyArray<Omit<NewAuthor, 'createdAt' | 'updatedAt'>> = [
  {
    slug: 'maya-chen',
    name: 'Maya Chen',
    role: 'Senior editor',
    photoUrl: '/images/authors/maya-chen.svg',
    areas: ['Recovery', 'Massage guns', 'Foam rolling', 'Compression'],
    bio: 'Maya has edited fitness and health writing for eleven years and has run nine marathons, most of them on legs that needed more recovery than they got. She leads our recovery coverage and tests every massage gun, roller and compression system in her own routine for at least a month before it gets a verdict.',
  },
  {
    slug: 'jordan-reyes',
    name: 'Jordan Reyes',
    role: 'Certified strength coach',
    photoUrl: '/images/authors/jordan-reyes.svg',
    areas: ['Strength equipment', 'Home gyms', 'Dumbbells and kettlebells', 'Resistance bands'],
    bio: 'Jordan is a certified strength and conditioning coach (CSCS) who has set up more than a hundred home and garage gyms for clients. He loads every rack, bench and adjustable dumbbell he reviews through full training blocks, and he cares most about what still works safely after a year of heavy use.',
  },
  {
    slug: 'priya-nair',
    name: 'Priya Nair',
    role: 'Wellness writer',
    photoUrl: '/images/authors/priya-nair.svg',
    areas: ['Sleep', 'Nutrition', 'Supplements', 'Hydration'],
    bio: 'Priya writes about sleep and nutrition with a background in public health. She reads the studies so you do not have to, says plainly when the evidence is thin, and tests sleep gear and supplements for weeks at home before she recommends any of them.',
  },
  {
    slug: 'sam-okafor',
    name: 'Sam Okafor',
    role: 'Physical therapist',
    photoUrl: '/images/authors/sam-okafor.svg',
    areas: ['Mobility', 'Injury prevention', 'Ergonomics', 'Walking pads'],
    bio: 'Sam is a licensed physical therapist who spends his clinic days with runners, lifters and desk workers whose backs have had enough. He reviews mobility tools, standing desks and walking pads with one question in mind: will this help you move well for years?',
  },
];

/**
 * Each demo post's author by subject, and for a few the days after publishing when they were revised (so the demo
 * shows 'Updated {date}' where an editor went back to a post).
 */
export const seedBylines: Readonly<Record<string, { author: string; revisedDaysAfter?: number }>> = {
  'beginner-home-gym-setup': { author: 'jordan-reyes' },
  'how-to-foam-roll': { author: 'maya-chen', revisedDaysAfter: 9 },
  'how-to-use-a-massage-gun': { author: 'maya-chen' },
  'sleep-for-recovery': { author: 'priya-nair', revisedDaysAfter: 21 },
  'protein-timing': { author: 'priya-nair' },
  'hydration-and-electrolytes': { author: 'priya-nair' },
  'daily-mobility-routine': { author: 'sam-okafor' },
  'cold-vs-heat-therapy': { author: 'maya-chen', revisedDaysAfter: 30 },
  'standing-desk-ergonomics': { author: 'sam-okafor' },
  'warm-up-to-prevent-injuries': { author: 'sam-okafor' },
  'choosing-resistance-bands': { author: 'jordan-reyes' },
  'creatine-basics': { author: 'priya-nair' },
  'walking-pads-and-desk-treadmills': { author: 'sam-okafor' },
  'are-compression-boots-worth-it': { author: 'maya-chen' },
};
