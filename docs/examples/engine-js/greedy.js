#!/usr/bin/env node
// A Triangles engine in JavaScript (docs/engine-protocol.md): takes the stroke that closes the
// most triangles; else one that gives the opponent none; else any legal stroke. Its own rules
// code, exact on integers as docs/rules.md asks (BigInt where a product could pass 2^53).
// Run it in the arena:
//   python3 -m triangles_qt.arena --p1 "engine:node docs/examples/engine-js/greedy.js" --p2 easy
"use strict";

const readline = require("readline");

let stars = [];
let tol = 0;
let drawn = []; // [i, j] pairs, in the order played

function say(line) {
  process.stdout.write(line + "\n");
}

function orient(a, b, c) {
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.sign(cross);
}

function nearSegment(p, a, b) {
  // Distance from p to the closed segment a-b is at most tol, decided exactly.
  const abx = BigInt(b[0] - a[0]), aby = BigInt(b[1] - a[1]);
  const apx = BigInt(p[0] - a[0]), apy = BigInt(p[1] - a[1]);
  const len2 = abx * abx + aby * aby, dot = apx * abx + apy * aby, tol2 = BigInt(tol * tol);
  if (len2 === 0n || dot <= 0n) return apx * apx + apy * apy <= tol2;
  if (dot >= len2) {
    const bpx = BigInt(p[0] - b[0]), bpy = BigInt(p[1] - b[1]);
    return bpx * bpx + bpy * bpy <= tol2;
  }
  const cross = abx * apy - aby * apx;
  return cross * cross <= tol2 * len2;
}

function onSegment(p, a, b) {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) &&
         Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

function intersect(a, b, c, d) {
  const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (o1 === 0 && onSegment(c, a, b)) || (o2 === 0 && onSegment(d, a, b)) ||
         (o3 === 0 && onSegment(a, c, d)) || (o4 === 0 && onSegment(b, c, d));
}

function conflict(i, j, k, l) {
  // Strokes i-j and k-l share a point other than a common star.
  const shared = [i, j].filter((v) => v === k || v === l);
  if (shared.length === 2) return true;
  if (shared.length === 0) return intersect(stars[i], stars[j], stars[k], stars[l]);
  const s = shared[0], u = i === s ? j : i, v = k === s ? l : k;
  if (orient(stars[s], stars[u], stars[v]) !== 0) return false;
  const S = stars[s], U = stars[u], V = stars[v];
  return (U[0] - S[0]) * (V[0] - S[0]) + (U[1] - S[1]) * (V[1] - S[1]) > 0;
}

function isDrawn(i, j) {
  return drawn.some(([a, b]) => (a === i && b === j) || (a === j && b === i));
}

function legal(i, j) {
  if (i === j || isDrawn(i, j)) return false;
  for (let k = 0; k < stars.length; k++) {
    if (k !== i && k !== j && nearSegment(stars[k], stars[i], stars[j])) return false;
  }
  return !drawn.some(([a, b]) => conflict(i, j, a, b));
}

function empty(i, j, k) {
  const a = stars[i], b = stars[j], c = stars[k];
  if (orient(a, b, c) === 0) return false;
  for (let p = 0; p < stars.length; p++) {
    if (p === i || p === j || p === k) continue;
    const o1 = orient(a, b, stars[p]), o2 = orient(b, c, stars[p]), o3 = orient(c, a, stars[p]);
    if (o1 === o2 && o2 === o3 && o1 !== 0) return false;
  }
  return true;
}

function gain(i, j) {
  let count = 0;
  for (let k = 0; k < stars.length; k++) {
    if (k !== i && k !== j && isDrawn(i, k) && isDrawn(j, k) && empty(i, j, k)) count++;
  }
  return count;
}

function gives(i, j) {
  // Drawing i-j leaves a triangle one stroke from closed for the opponent.
  for (let k = 0; k < stars.length; k++) {
    if (k === i || k === j) continue;
    const ik = isDrawn(i, k), jk = isDrawn(j, k);
    if (ik !== jk && empty(i, j, k)) {
      drawn.push([i, j]);
      const open = ik ? legal(j, k) : legal(i, k);
      drawn.pop();
      if (open) return true;
    }
  }
  return false;
}

function choose() {
  let best = null, bestGain = -1, safe = null;
  for (let i = 0; i < stars.length; i++) {
    for (let j = i + 1; j < stars.length; j++) {
      if (!legal(i, j)) continue;
      const g = gain(i, j);
      if (g > bestGain) { best = [i, j]; bestGain = g; }
      if (g === 0 && safe === null && !gives(i, j)) safe = [i, j];
    }
  }
  if (bestGain > 0 || safe === null) return best;
  return safe;
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (raw) => {
  const words = raw.trim().split(" ");
  switch (words[0]) {
    case "triangles":
      say("id name Greedy (JavaScript)");
      say("id author the Triangles example engines");
      say("ok 1");
      break;
    case "newgame":
      tol = Number(words[3]);
      stars = words.slice(5).map((s) => s.split(",").map(Number));
      drawn = [];
      break;
    case "position":
      drawn = words.slice(1).map((s) => s.split("-").map(Number));
      break;
    case "go": {
      const stroke = choose();
      say(stroke ? `stroke ${stroke[0]} ${stroke[1]}` : "error no legal stroke");
      break;
    }
    case "isready":
      say("readyok");
      break;
    case "quit":
      process.exit(0);
  }
});
