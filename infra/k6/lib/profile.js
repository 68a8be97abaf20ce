// The four load profiles every script of the kit offers, chosen with -e PROFILE=smoke|load|stress|soak
// (default smoke), each bounded in requests and time:
//   smoke   one or two virtual users, a handful of iterations: is every answer right at all?
//   load    the expected busy hour at a constant arrival rate, a minute or two
//   stress  an arrival rate ramped well past the expected peak, then back down: where does it break?
//   soak    a moderate constant rate for 30 minutes (DURATION overrides): does anything pile up?
// RATE, DURATION, VUS and MAX_VUS override the chosen profile's figures (a bench script sets them).
import exec from 'k6/execution';
import { Counter } from 'k6/metrics';

export const PROFILES = ['smoke', 'load', 'stress', 'soak'];
export const PROFILE = __ENV.PROFILE || 'smoke';
if (!PROFILES.includes(PROFILE)) throw new Error(`PROFILE must be one of ${PROFILES.join(', ')}, not "${PROFILE}"`);

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');

const num = (name, fallback) => (__ENV[name] === undefined || __ENV[name] === '' ? fallback : Number(__ENV[name]));
const str = (name, fallback) => __ENV[name] || fallback;

/** How long the constant-rate profiles last unless a script's figures say otherwise (DURATION overrides both). */
const PROFILE_DURATIONS = { load: '1m', soak: '30m' };

/**
 * The scenario for the chosen profile, from a script's figures per profile:
 *   { iterations, vus }                    shared-iterations (smoke): exactly that many, then done
 *   { rate, vus, maxVus }                   constant-arrival-rate (iterations per second) for the profile's
 *                                           PROFILE_DURATIONS (or the shape's own `duration`)
 *   { stages: [[rate, duration], ...], vus, maxVus }   ramping-arrival-rate
 * `maxDuration` bounds a shared-iterations run (default 60 s).
 */
export function scenarioFor(shapes) {
  // CLOSED=1: VUS virtual users back to back for DURATION, whatever the profile (a throughput ceiling, for
  // the bench scripts).
  if (__ENV.CLOSED === '1') {
    return { executor: 'constant-vus', vus: num('VUS', 8), duration: str('DURATION', '20s') };
  }
  const shape = shapes[PROFILE];
  if (!shape) throw new Error(`this script has no ${PROFILE} profile`);
  if (shape.iterations !== undefined) {
    const iterations = num('ITERATIONS', shape.iterations);
    return {
      executor: 'shared-iterations',
      vus: Math.min(num('VUS', shape.vus), iterations), // k6 refuses more users than iterations
      iterations,
      maxDuration: str('MAX_DURATION', shape.maxDuration || '60s'),
    };
  }
  if (shape.stages !== undefined) {
    return {
      executor: 'ramping-arrival-rate',
      startRate: shape.stages[0][0],
      timeUnit: '1s',
      stages: shape.stages.map(([target, duration]) => ({ target, duration })),
      preAllocatedVUs: num('VUS', shape.vus),
      maxVUs: num('MAX_VUS', shape.maxVus),
    };
  }
  return fixedRate({ duration: PROFILE_DURATIONS[PROFILE], ...shape });
}

/**
 * `rate` iterations a second for `duration` (constant-arrival-rate), with `vus` users ready and at most `maxVus`:
 * a profile's, or the one scenario of a benchmark's script. RATE, DURATION, VUS and MAX_VUS override them.
 */
export function fixedRate({ rate, duration, vus, maxVus }) {
  return {
    executor: 'constant-arrival-rate',
    rate: num('RATE', rate),
    timeUnit: '1s',
    duration: str('DURATION', duration),
    preAllocatedVUs: num('VUS', vus),
    maxVUs: num('MAX_VUS', maxVus),
  };
}

/** A kit script's options: its one scenario (`name`) in the chosen profile, its thresholds, the summary's latencies. */
export const kitOptions = (name, shapes, thresholds) => ({
  scenarios: { [name]: scenarioFor(shapes) },
  thresholds,
  summaryTrendStats: TREND_STATS,
});

/** The stress profile's arrival rates: from `start` up to `peak` over a minute, held for 20 s, then down to none. */
export const rampTo = (start, peak) => [
  [start, '20s'],
  [peak, '60s'],
  [peak, '20s'],
  [0, '20s'],
];

/** Thresholds for counters of what must never happen: the run fails when any of them counts anything. */
export const nothingCounted = (...counters) => Object.fromEntries(counters.map((name) => [name, ['count==0']]));

/**
 * A script's counters, each named once as the summary shows it: `counted` are figures the summary reports, `never`
 * what must never happen. `count.<name>` is each one's Counter; `thresholds` fail the run when a `never` counts.
 */
export function tally({ counted = [], never }) {
  const count = Object.fromEntries([...counted, ...never].map((name) => [name, new Counter(name)]));
  return { count, thresholds: nothingCounted(...never) };
}

/** The latencies every summary gives (BENCHMARKS.md quotes the median and p99). */
export const TREND_STATS = ['avg', 'med', 'p(90)', 'p(99)', 'max'];

/** A number unique to this iteration in the whole test (for ids that must not repeat within a run). */
export const iterationNumber = () => exec.scenario.iterationInTest;
