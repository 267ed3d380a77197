/**
 * Writes the demo images under public/images/: one flat illustration per product
 * kind in three colour variants, generic gallery shots, blog covers, the hero and
 * the placeholder. The output is committed; run `node scripts/generate-images.ts`
 * again only after changing a drawing here or adding a blog post.
 *
 * Every file has width, height and a viewBox (no layout shift) and uses no
 * external resources, so pages stay offline-capable.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Palette {
  bg: string;
  glow: string;
  main: string;
  dark: string;
  light: string;
  accent: string;
  metal: string;
}

const palettes: Readonly<Record<'a' | 'b' | 'c', Palette>> = {
  a: { bg: '#E8F3F1', glow: '#D3EAE5', main: '#2A9D8F', dark: '#264653', light: '#BFE3DD', accent: '#F4A261', metal: '#9AA5B1' },
  b: { bg: '#EEF0F7', glow: '#DDE2F0', main: '#5667A8', dark: '#2B3150', light: '#CBD2EC', accent: '#E9C46A', metal: '#A0A7B4' },
  c: { bg: '#FCEFE9', glow: '#F8DDD2', main: '#E07A5F', dark: '#3D405B', light: '#F6CFC2', accent: '#81B29A', metal: '#A7A3A0' },
};

// Tiny element helpers; attribute order is fixed so output is byte-stable.
const r = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
const c = (cx: number, cy: number, radius: number, fill: string, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${fill}"${extra}/>`;
const e = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
const p = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const s = (d: string, stroke: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const o = (value: number) => ` opacity="${value}"`;
const rot = (deg: number, cx: number, cy: number) => ` transform="rotate(${deg} ${cx} ${cy})"`;

/** Rounds computed coordinates so files stay small. */
const n = (value: number) => Math.round(value * 10) / 10;

function repeat(count: number, draw: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => draw(i)).join('');
}

type Drawing = (q: Palette) => string;

/** Product illustrations on a 400 x 400 canvas, ground line near y = 330. */
const drawings: Readonly<Record<string, Drawing>> = {
  dumbbell: (q) =>
    r(120, 192, 160, 16, q.metal, 6) +
    r(94, 140, 30, 120, q.main, 8) +
    r(68, 160, 30, 80, q.dark, 8) +
    r(276, 140, 30, 120, q.main, 8) +
    r(302, 160, 30, 80, q.dark, 8) +
    r(150, 188, 100, 24, q.dark, 10, o(0.85)),
  'adjustable-dumbbell': (q) =>
    p('M56 262h288l-20 52H76z', q.dark) +
    repeat(5, (i) => r(136 - (i + 1) * 14, 144 + i * 6, 14, 112 - i * 12, i % 2 ? q.light : q.main, 4)) +
    repeat(5, (i) => r(264 + i * 14, 144 + i * 6, 14, 112 - i * 12, i % 2 ? q.light : q.main, 4)) +
    r(136, 188, 128, 24, q.metal, 10) +
    r(160, 184, 80, 32, q.dark, 12) +
    c(200, 290, 12, q.accent),
  kettlebell: (q) =>
    s('M142 182C138 92 262 92 258 182', q.dark, 28) +
    c(200, 232, 98, q.dark) +
    r(140, 312, 120, 18, q.dark, 6) +
    c(170, 205, 30, '#fff', o(0.12)) +
    r(166, 240, 68, 32, q.main, 8),
  'resistance-band': (q) =>
    s('M118 128C150 360 250 360 282 128', q.main, 10) +
    s('M124 128C168 320 232 320 276 128', q.accent, 10) +
    s('M130 128C180 280 220 280 270 128', q.light, 10) +
    r(88, 96, 64, 34, q.dark, 14) +
    r(248, 96, 64, 34, q.dark, 14),
  'loop-band': (q) =>
    e(200, 270, 128, 40, 'none', ` stroke="${q.main}" stroke-width="26"`) +
    e(200, 210, 118, 36, 'none', ` stroke="${q.accent}" stroke-width="26"`) +
    e(200, 152, 108, 32, 'none', ` stroke="${q.light}" stroke-width="26"`),
  'pull-up-bar': (q) =>
    r(70, 60, 22, 270, q.light, 4) +
    r(308, 60, 22, 270, q.light, 4) +
    r(60, 150, 280, 18, q.dark, 9) +
    r(96, 146, 56, 26, q.main, 13) +
    r(248, 146, 56, 26, q.main, 13) +
    s('M160 168l-18 56M240 168l18 56', q.dark, 12) +
    r(124, 220, 36, 22, q.main, 11) +
    r(240, 220, 36, 22, q.main, 11),
  bench: (q) =>
    s('M120 300L150 246M280 300L250 246M200 300V250', q.dark, 14) +
    s('M96 302h80M226 302h80', q.dark, 12) +
    r(82, 228, 118, 26, q.main, 12) +
    p('M196 236L318 134l18 20-122 102z', q.main) +
    c(316, 306, 12, q.metal),
  'power-rack': (q) =>
    r(108, 60, 18, 262, q.dark, 3) +
    r(274, 60, 18, 262, q.dark, 3) +
    r(100, 60, 200, 16, q.dark, 3) +
    r(80, 318, 240, 14, q.dark, 4) +
    r(40, 164, 320, 10, q.metal, 5) +
    r(52, 128, 20, 82, q.main, 5) +
    r(328, 128, 20, 82, q.main, 5) +
    r(126, 230, 40, 10, q.accent, 3) +
    r(234, 230, 40, 10, q.accent, 3),
  'jump-rope': (q) =>
    s('M118 292C40 150 120 40 200 40S360 150 282 292', q.dark, 6) +
    r(96, 270, 32, 74, q.main, 14, rot(-18, 112, 307)) +
    r(272, 270, 32, 74, q.main, 14, rot(18, 288, 307)),
  'ab-wheel': (q) =>
    c(200, 214, 86, q.dark) +
    c(200, 214, 54, q.main) +
    c(200, 214, 14, q.metal) +
    r(60, 206, 280, 16, q.metal, 8) +
    r(46, 198, 60, 32, q.accent, 14) +
    r(294, 198, 60, 32, q.accent, 14),
  'slam-ball': (q) =>
    c(200, 220, 104, q.dark) +
    s('M110 170C170 200 230 200 290 170M104 236C168 270 232 270 296 236', q.light, 5, o(0.5)) +
    c(168, 180, 26, '#fff', o(0.12)) +
    r(170, 208, 60, 24, q.accent, 6),
  'stability-ball': (q) =>
    c(200, 210, 116, q.main) +
    s('M200 94C150 150 150 270 200 326M200 94C250 150 250 270 200 326', q.light, 5, o(0.6)) +
    e(160, 160, 36, 22, '#fff', o(0.25) + rot(-30, 160, 160)),
  'suspension-trainer': (q) =>
    r(176, 48, 48, 20, q.dark, 6) +
    s('M192 68L140 270M208 68L260 270', q.dark, 10) +
    r(180, 120, 16, 26, q.accent, 3, rot(-15, 188, 133)) +
    r(206, 120, 16, 26, q.accent, 3, rot(15, 214, 133)) +
    r(112, 268, 56, 22, q.main, 11) +
    r(232, 268, 56, 22, q.main, 11) +
    s('M122 290c0 30 36 30 36 0M242 290c0 30 36 30 36 0', q.main, 8),
  'weighted-vest': (q) =>
    p('M130 70h40c0 36 60 36 60 0h40l26 70v180H104V140z', q.dark) +
    repeat(3, (i) => r(122 + i * 54, 170, 46, 60, q.main, 8)) +
    repeat(3, (i) => r(122 + i * 54, 240, 46, 60, q.main, 8)) +
    r(104, 232, 192, 12, q.accent, 4),
  rower: (q) =>
    r(60, 274, 260, 12, q.dark, 6) +
    c(316, 236, 52, q.main) +
    c(316, 236, 20, q.light) +
    r(150, 252, 56, 18, q.accent, 8) +
    r(238, 226, 30, 50, q.dark, 6, rot(-20, 253, 251)) +
    s('M300 186L268 134', q.dark, 8) +
    r(238, 108, 56, 38, q.dark, 6) +
    r(244, 114, 44, 26, q.light, 3) +
    s('M70 286v30M300 286v30', q.dark, 10),
  bike: (q) =>
    c(282, 262, 48, q.main) +
    c(282, 262, 16, q.light) +
    s('M120 318h200M150 318l40-120M190 198l90 64M270 140l12 122', q.dark, 14) +
    r(150, 184, 76, 18, q.dark, 9) +
    s('M270 140l40-10', q.dark, 12) +
    r(294, 116, 50, 16, q.accent, 8) +
    c(214, 262, 16, q.metal),
  'walking-pad': (q) =>
    p('M70 262L300 218l44 40-230 50z', q.dark) +
    p('M84 264L296 224l32 30-212 46z', q.main) +
    repeat(6, (i) => s(`M${118 + i * 32} ${292 - i * 6}l30 -6`, q.light, 3, o(0.6))) +
    r(300, 232, 32, 12, q.accent, 4, rot(-12, 316, 238)),
  treadmill: (q) =>
    p('M50 300L280 256l40 30-230 46z', q.dark) +
    p('M66 302L276 262l30 22-212 40z', q.main) +
    s('M292 262L300 110', q.dark, 14) +
    r(262, 90, 90, 44, q.dark, 8) +
    r(270, 96, 74, 32, q.light, 4) +
    s('M300 150l-60 10', q.dark, 10),
  smartwatch: (q) =>
    r(164, 50, 72, 300, q.main, 30) +
    r(136, 136, 128, 128, q.dark, 38) +
    r(148, 148, 104, 104, q.light, 28) +
    c(200, 200, 30, 'none', ` stroke="${q.accent}" stroke-width="8"`) +
    c(200, 200, 16, 'none', ` stroke="${q.main}" stroke-width="6"`) +
    r(262, 184, 10, 32, q.dark, 4),
  'chest-strap': (q) =>
    e(200, 210, 150, 70, 'none', ` stroke="${q.main}" stroke-width="24"`) +
    e(200, 280, 58, 34, q.dark) +
    c(200, 280, 10, q.accent),
  scale: (q) =>
    r(90, 118, 220, 200, q.dark, 34) +
    r(100, 128, 200, 180, q.light, 28) +
    r(160, 144, 80, 34, q.dark, 8) +
    repeat(3, (i) => r(172 + i * 20, 152, 14, 18, q.accent, 2)) +
    r(122, 212, 52, 72, q.metal, 10, o(0.7)) +
    r(226, 212, 52, 72, q.metal, 10, o(0.7)),
  'yoga-mat': (q) =>
    r(96, 170, 214, 90, q.main, 16) +
    c(96, 215, 46, q.main) +
    c(96, 215, 34, 'none', ` stroke="${q.light}" stroke-width="6"`) +
    c(96, 215, 20, 'none', ` stroke="${q.light}" stroke-width="6"`) +
    c(96, 215, 7, q.light) +
    r(168, 164, 16, 102, q.accent, 4) +
    r(250, 164, 16, 102, q.accent, 4) +
    p('M300 260h60v20h-60z', q.main, o(0.8)),
  'yoga-block': (q) =>
    p('M70 250l90-30 90 30-90 30z', q.light) +
    p('M70 250v50l90 30v-50z', q.main) +
    p('M250 250v50l-90 30v-50z', q.dark) +
    p('M160 150l80-26 80 26-80 26z', q.light) +
    p('M160 150v46l80 26v-46z', q.main) +
    p('M320 150v46l-80 26v-46z', q.dark),
  'stretch-strap': (q) =>
    s('M70 120h260', q.main, 18) +
    repeat(5, (i) => e(94 + i * 52, 150, 22, 30, 'none', ` stroke="${q.main}" stroke-width="12"`)) +
    s('M70 250h260', q.dark, 18) +
    repeat(5, (i) => e(94 + i * 52, 280, 22, 30, 'none', ` stroke="${q.dark}" stroke-width="12"`)),
  'foam-roller': (q) =>
    r(100, 154, 210, 112, q.main, 10) +
    repeat(5, (i) => repeat(3, (j) => r(132 + i * 34, 172 + j * 30, 20, 14, q.light, 5, o(0.7)))) +
    e(100, 210, 36, 56, q.dark) +
    e(100, 210, 16, 26, q.bg),
  'massage-ball': (q) =>
    c(140, 230, 62, q.main) +
    c(140, 158, 56, q.main) +
    e(140, 194, 40, 12, q.dark, o(0.2)) +
    c(280, 240, 54, q.accent) +
    repeat(8, (i) => c(n(280 + 38 * Math.cos((i * Math.PI) / 4)), n(240 + 38 * Math.sin((i * Math.PI) / 4)), 7, q.dark, o(0.35))),
  'acupressure-mat': (q) =>
    p('M60 300L120 160h220l-40 140z', q.main) +
    repeat(4, (row) => repeat(5, (col) => c(128 + col * 40 - row * 12, 186 + row * 30, 9, q.light))) +
    r(120, 112, 150, 44, q.dark, 20),
  'balance-board': (q) =>
    p('M110 250a90 60 0 0 0 180 0z', q.dark) +
    e(200, 236, 150, 40, q.main) +
    e(200, 230, 130, 30, q.light, o(0.6)),
  'massage-gun': (q) =>
    r(120, 116, 180, 70, q.dark, 35) +
    r(80, 136, 48, 30, q.metal, 6) +
    c(70, 151, 30, q.light) +
    r(200, 170, 56, 150, q.main, 22) +
    r(196, 300, 64, 28, q.accent, 10) +
    c(270, 151, 8, q.accent),
  'compression-boots': (q) =>
    p('M110 60h64v210c0 20 10 40 40 40v30H110z', q.main) +
    p('M226 60h64v210c0 20 10 40 40 40v30H226z', q.dark) +
    repeat(5, (i) => s(`M114 ${100 + i * 40}h56M230 ${100 + i * 40}h56`, q.light, 4, o(0.7))) +
    s('M142 60C142 30 200 30 200 24M258 60C258 30 200 30 200 24', q.metal, 5) +
    r(176, 8, 48, 24, q.accent, 6),
  tens: (q) =>
    r(150, 86, 100, 136, q.dark, 18) +
    r(164, 100, 72, 46, q.light, 6) +
    c(180, 180, 10, q.accent) +
    c(220, 180, 10, q.accent) +
    s('M176 222C150 260 110 250 100 280M224 222C250 260 290 250 300 280M190 222c0 30-10 40-30 70M210 222c0 30 10 40 30 70', q.metal, 4) +
    r(74, 276, 52, 52, q.main, 10) +
    r(274, 276, 52, 52, q.main, 10) +
    r(134, 288, 52, 40, q.main, 10, o(0.8)) +
    r(214, 288, 52, 40, q.main, 10, o(0.8)),
  'heating-pad': (q) =>
    r(80, 150, 240, 150, q.main, 28) +
    s('M160 150v150M240 150v150M80 225h240', q.light, 4, o(0.6)) +
    s('M320 250c30 0 40 20 40 40', q.dark, 5) +
    r(340, 290, 30, 44, q.dark, 8) +
    s('M140 130c-14-20 14-30 0-54M200 130c-14-20 14-30 0-54M260 130c-14-20 14-30 0-54', q.accent, 7),
  'ice-wrap': (q) =>
    r(60, 196, 280, 50, q.dark, 25) +
    r(120, 140, 160, 160, q.light, 30) +
    r(136, 156, 128, 128, q.main, 22, o(0.5)) +
    s('M200 180v80M165 200l70 40M235 200l-70 40', '#fff', 6),
  'cold-plunge': (q) =>
    p('M70 150h260l-16 170H86z', q.main) +
    e(200, 150, 130, 26, q.dark) +
    e(200, 152, 116, 18, q.light) +
    r(150, 140, 20, 20, '#fff', 4, rot(12, 160, 150)) +
    r(216, 136, 22, 22, '#fff', 4, rot(-10, 227, 147)) +
    r(330, 230, 40, 90, q.dark, 6) +
    r(338, 240, 24, 10, q.accent, 3),
  'sauna-blanket': (q) =>
    r(50, 180, 300, 110, q.dark, 55) +
    repeat(4, (i) => r(110 + i * 52, 200, 40, 70, q.main, 8)) +
    s('M80 236h240', q.accent, 4) +
    r(300, 300, 60, 30, q.light, 6),
  'neck-massager': (q) =>
    s('M90 140C90 320 310 320 310 140', q.main, 64) +
    repeat(4, (i) => c(128 + i * 48, 258 - (i === 1 || i === 2 ? 20 : 0), 14, q.light)) +
    s('M72 140v-40M328 140v-40', q.dark, 18),
  'protein-tub': (q) =>
    r(116, 120, 168, 204, q.main, 18) +
    r(108, 94, 184, 40, q.dark, 10) +
    r(116, 176, 168, 96, q.light) +
    r(116, 250, 168, 16, q.accent) +
    c(200, 212, 24, q.main),
  'supplement-jar': (q) =>
    r(106, 168, 188, 156, q.main, 20) +
    r(112, 140, 176, 40, q.dark, 10) +
    r(106, 204, 188, 80, q.light) +
    r(140, 228, 120, 12, q.dark, 4, o(0.6)) +
    r(160, 252, 80, 10, q.accent, 4),
  'supplement-bottle': (q) =>
    r(140, 130, 120, 194, q.light, 18) +
    r(154, 92, 92, 44, q.dark, 8) +
    r(140, 190, 120, 84, q.main) +
    r(292, 280, 56, 24, q.accent, 12, rot(-25, 320, 292)) +
    r(70, 290, 56, 24, q.accent, 12, rot(20, 98, 302)),
  'dropper-bottle': (q) =>
    r(150, 170, 100, 154, q.main, 16) +
    r(178, 132, 44, 44, q.dark, 6) +
    r(184, 60, 32, 80, q.dark, 16) +
    r(150, 220, 100, 64, q.light) +
    c(200, 252, 12, q.accent),
  'electrolyte-sticks': (q) =>
    r(96, 90, 46, 210, q.main, 6, rot(-12, 119, 195)) +
    r(160, 80, 46, 220, q.accent, 6, rot(-2, 183, 190)) +
    r(222, 90, 46, 210, q.dark, 6, rot(10, 245, 195)) +
    p('M270 210h70l-10 118h-50z', q.light) +
    p('M276 250h58l-6 78h-46z', q.main, o(0.6)),
  'protein-bar': (q) =>
    r(70, 166, 260, 84, q.main, 10, rot(-10, 200, 208)) +
    r(140, 166, 120, 84, q.light, 0, rot(-10, 200, 208)) +
    r(160, 196, 80, 20, q.accent, 4, rot(-10, 200, 206)),
  shaker: (q) =>
    p('M126 130h148l-20 196h-108z', q.light) +
    p('M132 200h136l-14 126h-108z', q.main, o(0.85)) +
    r(120, 96, 160, 40, q.dark, 10) +
    r(230, 70, 34, 30, q.dark, 8) +
    c(200, 270, 24, 'none', ` stroke="${q.metal}" stroke-width="5"`),
  'water-bottle': (q) =>
    r(154, 108, 92, 222, q.main, 34) +
    r(168, 64, 64, 52, q.dark, 10) +
    c(200, 54, 18, 'none', ` stroke="${q.dark}" stroke-width="8"`) +
    r(170, 140, 14, 150, '#fff', 7, o(0.25)),
  'knee-sleeve': (q) =>
    p('M140 70h120l-16 130 16 130H140l16-130z', q.main) +
    e(200, 70, 60, 12, q.dark) +
    c(200, 200, 40, 'none', ` stroke="${q.light}" stroke-width="10"`) +
    s('M156 130h88M156 270h88', q.dark, 4, o(0.4)),
  'wrist-wrap': (q) =>
    r(150, 236, 150, 52, q.main, 6) +
    r(250, 236, 50, 52, q.accent, 6) +
    e(326, 262, 24, 16, 'none', ` stroke="${q.dark}" stroke-width="8"`) +
    c(150, 212, 76, q.dark) +
    c(150, 212, 56, q.main) +
    c(150, 212, 36, q.dark) +
    c(150, 212, 18, q.bg),
  'lifting-belt': (q) =>
    e(200, 210, 140, 70, 'none', ` stroke="${q.dark}" stroke-width="44"`) +
    s('M76 210C80 160 320 160 324 210', q.light, 3, ' stroke-dasharray="6 8"') +
    r(170, 244, 60, 48, q.metal, 8) +
    r(184, 256, 32, 24, q.dark, 4),
  glove: (q) =>
    r(130, 160, 140, 150, q.dark, 30) +
    repeat(4, (i) => r(136 + i * 34, 110, 28, 70, q.dark, 14)) +
    r(92, 190, 70, 34, q.dark, 17, rot(-35, 127, 207)) +
    r(150, 190, 100, 70, q.main, 20) +
    r(126, 290, 148, 30, q.accent, 8),
  posture: (q) =>
    e(145, 170, 55, 80, 'none', ` stroke="${q.main}" stroke-width="18"`) +
    e(255, 170, 55, 80, 'none', ` stroke="${q.main}" stroke-width="18"`) +
    r(164, 150, 72, 150, q.dark, 16) +
    r(180, 300, 40, 30, q.accent, 6),
  'floor-tiles': (q) =>
    p('M200 100l120 60-120 60-120-60z', q.main) +
    p('M200 220l120-60v24l-120 60z', q.dark) +
    p('M200 220l-120-60v24l120 60z', q.dark, o(0.8)) +
    p('M200 160l60 30-60 30-60-30z', q.light, o(0.5)) +
    p('M200 200l120 60-120 60-120-60z', q.light) +
    p('M200 320l120-60v14l-120 60z', q.dark),
  'standing-desk': (q) =>
    r(60, 150, 280, 20, q.main, 6) +
    r(100, 170, 20, 140, q.dark) +
    r(280, 170, 20, 140, q.dark) +
    r(76, 308, 68, 12, q.dark, 6) +
    r(256, 308, 68, 12, q.dark, 6) +
    r(140, 70, 120, 70, q.dark, 6) +
    r(148, 78, 104, 54, q.light, 3) +
    r(190, 140, 20, 12, q.dark) +
    r(300, 170, 24, 10, q.accent, 3),
  chair: (q) =>
    r(130, 60, 140, 150, q.dark, 30) +
    repeat(4, (i) => s(`M${156 + i * 29} 80v110`, q.light, 3, o(0.5))) +
    r(116, 214, 168, 36, q.main, 18) +
    r(192, 250, 16, 50, q.metal) +
    s('M120 318L200 300l80 18M200 300v26', q.dark, 10) +
    c(120, 324, 10, q.dark) +
    c(280, 324, 10, q.dark) +
    c(200, 330, 10, q.dark) +
    s('M100 200h30M270 200h30', q.dark, 10),
  'anti-fatigue-mat': (q) =>
    p('M60 290L120 170h220l-40 120z', q.dark) +
    p('M74 282L128 178h200l-34 104z', q.main) +
    repeat(3, (i) => e(150 + i * 60, 230, 22, 12, q.light, o(0.6))),
  footrest: (q) =>
    p('M90 280h220l-30-90H120z', q.main) +
    repeat(3, (row) => repeat(5, (col) => c(140 + col * 30 - row * 4, 214 + row * 22, 5, q.light))) +
    s('M100 300C160 330 240 330 300 300', q.dark, 14),
  pillow: (q) =>
    p('M80 160C80 120 320 120 320 160C340 200 340 240 320 280C320 320 80 320 80 280C60 240 60 200 80 160z', q.main) +
    s('M120 180C180 200 220 200 280 180', q.light, 6, o(0.6)) +
    e(160, 170, 40, 12, '#fff', o(0.25)),
  glasses: (q) =>
    c(140, 210, 54, q.light, ` fill-opacity=".6" stroke="${q.dark}" stroke-width="12"`) +
    c(260, 210, 54, q.light, ` fill-opacity=".6" stroke="${q.dark}" stroke-width="12"`) +
    s('M194 206c4-12 8-12 12 0', q.dark, 10) +
    s('M86 196L50 170M314 196l36-26', q.dark, 10) +
    s('M110 190l30-16', '#fff', 5, o(0.6)),
  'sleep-mask': (q) =>
    s('M40 200C120 150 280 150 360 200', q.dark, 10) +
    p('M80 200C80 150 190 140 200 170C210 140 320 150 320 200C320 260 230 270 200 240C170 270 80 260 80 200z', q.main) +
    s('M120 212c20 14 40 14 56 0M224 212c20 14 40 14 56 0', q.light, 5),
  blanket: (q) =>
    r(70, 250, 260, 60, q.dark, 18) +
    r(80, 196, 240, 60, q.main, 18) +
    r(90, 140, 220, 60, q.light, 18) +
    repeat(5, (i) => s(`M${126 + i * 36} 146v48`, q.main, 3, o(0.5))) +
    repeat(6, (i) => s(`M${110 + i * 36} 202v48`, q.light, 3, o(0.5))),
  'sound-machine': (q) =>
    p('M90 200v70c0 40 220 40 220 0v-70z', q.main) +
    e(200, 200, 110, 40, q.dark) +
    repeat(12, (i) => s(`M${n(200 + 30 * Math.cos((i * Math.PI) / 6))} ${n(200 + 11 * Math.sin((i * Math.PI) / 6))}L${n(200 + 90 * Math.cos((i * Math.PI) / 6))} ${n(200 + 32 * Math.sin((i * Math.PI) / 6))}`, q.light, 4, o(0.5))) +
    c(200, 290, 8, q.accent),
  'sunrise-clock': (q) =>
    repeat(8, (i) => s(`M${n(200 + 112 * Math.cos((i * Math.PI) / 4))} ${n(190 + 112 * Math.sin((i * Math.PI) / 4))}L${n(200 + 140 * Math.cos((i * Math.PI) / 4))} ${n(190 + 140 * Math.sin((i * Math.PI) / 4))}`, q.accent, 8)) +
    c(200, 190, 96, q.accent) +
    c(200, 190, 74, q.light) +
    r(130, 280, 140, 44, q.dark, 12) +
    r(160, 292, 80, 18, q.main, 4),
  'air-purifier': (q) =>
    r(130, 70, 140, 260, q.light, 28) +
    e(200, 90, 58, 14, q.dark, o(0.8)) +
    repeat(9, (i) => s(`M150 ${140 + i * 18}h100`, q.main, 5, o(0.7))) +
    c(200, 306, 7, q.accent),
  humidifier: (q) =>
    p('M130 180C130 120 270 120 270 180v110c0 30-140 30-140 0z', q.light) +
    p('M130 230h140v60c0 30-140 30-140 0z', q.main, o(0.7)) +
    r(176, 100, 48, 26, q.dark, 10) +
    s('M190 96c-16-22 12-30-4-56M212 96c-12-20 14-28 2-50', q.metal, 6, o(0.7)),
};

/** Gallery shots shared by every product, drawn with the neutral palette. */
const galleryDrawings: Readonly<Record<string, Drawing>> = {
  'gallery-box': (q) =>
    p('M200 100l130 50v130l-130 50-130-50V150z', q.light) +
    p('M200 100l130 50-130 50-130-50z', q.main) +
    p('M200 200v130l-130-50V150z', q.dark, o(0.25)) +
    p('M150 120l130 50v40l-26 10v-40L124 130z', q.accent, o(0.9)),
  'gallery-detail': (q) =>
    repeat(6, (i) => s(`M60 ${100 + i * 40}h280`, q.light, 10)) +
    c(180, 190, 80, q.bg, ` stroke="${q.dark}" stroke-width="16"`) +
    repeat(3, (i) => s(`M130 ${160 + i * 30}h100`, q.main, 10)) +
    s('M238 248l70 70', q.dark, 24),
  'gallery-lifestyle': (q) =>
    r(0, 300, 400, 100, q.light) +
    r(230, 60, 120, 150, '#fff', 8) +
    s('M290 60v150M230 135h120', q.light, 6) +
    p('M60 300l20-100h40l20 100z', q.main) +
    c(100, 170, 46, q.accent, o(0.8)) +
    p('M150 310h200l-20 30H130z', q.main, o(0.8)),
};

function productSvg(draw: Drawing, q: Palette): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">' +
    r(0, 0, 400, 400, q.bg) +
    c(200, 190, 150, q.glow) +
    e(200, 338, 140, 10, q.dark, o(0.12)) +
    draw(q) +
    '</svg>\n'
  );
}

/** Wide blog cover (1200 x 630): a calm gradient, soft shapes and the post's illustration. */
function blogSvg(slug: string, draw: Drawing, q: Palette): string {
  const id = `g-${slug}`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">' +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${q.bg}"/><stop offset="1" stop-color="${q.glow}"/></linearGradient></defs>` +
    r(0, 0, 1200, 630, `url(#${id})`) +
    c(180, 520, 260, q.light, o(0.45)) +
    c(1080, 90, 180, q.light, o(0.4)) +
    s('M0 470C240 400 420 560 700 480S1060 380 1200 430', q.main, 3, o(0.25)) +
    c(760, 315, 230, '#fff', o(0.55)) +
    `<g transform="translate(530 97) scale(1.15)">${draw(q)}</g>` +
    '</svg>\n'
  );
}

function heroSvg(): string {
  const { a, b } = palettes;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="700" viewBox="0 0 1600 700">' +
    '<defs><linearGradient id="hero-bg" x1="0" y1="0" x2="1" y2="1">' +
    `<stop offset="0" stop-color="${a.main}"/><stop offset=".55" stop-color="#3F7F93"/><stop offset="1" stop-color="${b.main}"/></linearGradient>` +
    '<radialGradient id="hero-glow" cx=".75" cy=".3" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>' +
    r(0, 0, 1600, 700, 'url(#hero-bg)') +
    r(0, 0, 1600, 700, 'url(#hero-glow)') +
    c(1260, 210, 170, '#fff', o(0.1)) +
    c(1380, 520, 240, a.light, o(0.14)) +
    c(220, 620, 300, b.light, o(0.12)) +
    p('M0 520C260 440 480 600 800 520S1320 400 1600 470V700H0z', '#fff', o(0.1)) +
    p('M0 600C320 540 560 660 900 600S1380 520 1600 560V700H0z', a.dark, o(0.18)) +
    c(1180, 300, 150, 'none', ' stroke="#fff" stroke-width="2" stroke-opacity=".3"') +
    c(1180, 300, 110, 'none', ' stroke="#fff" stroke-width="2" stroke-opacity=".22"') +
    c(1180, 300, 70, '#fff', o(0.12)) +
    '</svg>\n'
  );
}

function placeholderSvg(): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">' +
    r(0, 0, 400, 400, '#F1F3F5') +
    r(120, 130, 160, 130, 'none', 14, ' stroke="#C3C9D0" stroke-width="10"') +
    c(170, 175, 16, '#C3C9D0') +
    p('M132 248l48-52 34 34 24-22 32 40z', '#C3C9D0') +
    '</svg>\n'
  );
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const images = join(root, 'public/images');
  const productDir = join(images, 'products');
  const blogDir = join(images, 'blog');
  rmSync(productDir, { recursive: true, force: true });
  rmSync(blogDir, { recursive: true, force: true });
  mkdirSync(productDir, { recursive: true });
  mkdirSync(blogDir, { recursive: true });

  for (const [name, draw] of Object.entries(drawings)) {
    for (const [variant, palette] of Object.entries(palettes)) writeFileSync(join(productDir, `${name}-${variant}.svg`), productSvg(draw, palette));
  }
  for (const [name, draw] of Object.entries(galleryDrawings)) writeFileSync(join(productDir, `${name}.svg`), productSvg(draw, palettes.b));

  const posts = JSON.parse(readFileSync(join(root, 'content/blog/posts.json'), 'utf8')) as { slug: string; illustration: string; category: string }[];
  const byCategory: Record<string, Palette> = { recovery: palettes.a, sleep: palettes.b, nutrition: palettes.c, beginner: palettes.a, equipment: palettes.b };
  for (const post of posts) {
    const draw = drawings[post.illustration];
    if (!draw) throw new Error(`No drawing "${post.illustration}" for blog post ${post.slug}`);
    writeFileSync(join(blogDir, `${post.slug}.svg`), blogSvg(post.slug, draw, byCategory[post.category] ?? palettes.c));
  }
  writeFileSync(join(images, 'hero.svg'), heroSvg());
  writeFileSync(join(images, 'placeholder.svg'), placeholderSvg());
  console.log(`Wrote ${Object.keys(drawings).length * 3 + Object.keys(galleryDrawings).length} product images, ${posts.length} blog covers, hero and placeholder.`);
}

main();
